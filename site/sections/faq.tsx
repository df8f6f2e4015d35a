/** Home section 13: FAQ accordion, one item open at a time (`<details name>`, DESIGN §3). */
import type { FaqItem } from '../content/home.ts';
import { faq } from '../content/home.ts';

/** An exclusive accordion: the browser keeps one `<details>` of the same name open. */
export function Accordion({ items, name }: { items: FaqItem[]; name: string }) {
  return (
    <div className="faq">
      {items.map((item, i) => (
        <details key={item.question} name={name} open={i === 0}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function FaqSection() {
  return (
    <section id="faq" className="section" aria-labelledby="faq-title">
      <div className="wrap narrow-inner">
        <h2 id="faq-title">{faq.title}</h2>
        <p className="section-lead">{faq.subtitle}</p>
        <Accordion items={faq.items} name="faq" />
      </div>
    </section>
  );
}
