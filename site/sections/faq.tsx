/** Home section 13: FAQ accordion, one item open at a time (`<details name>`, DESIGN §3). */
import type { FaqItem } from '../content/home-types.ts';
import { faq } from '../content/home.ts';
import { Section } from './section.tsx';
import { CalculatorLink } from './configurator-teaser.tsx';

/** An exclusive accordion: the browser keeps one `<details>` of the same name open. */
export function Accordion({ items, name }: { items: FaqItem[]; name: string }) {
  return (
    <div className="faq">
      {items.map((item, i) => (
        <details key={item.question} name={name} open={i === 0}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
          {item.links && (
            <p className="faq-links">
              {item.links.map((l, j) => (
                <span key={l.href}>
                  {j > 0 ? ' · ' : ''}
                  <a href={l.href}>{l.label}</a>
                </span>
              ))}
            </p>
          )}
        </details>
      ))}
    </div>
  );
}

export function FaqSection() {
  return (
    <Section id="faq" wrapClass="wrap narrow-inner" title={faq.title} lead={faq.subtitle}>
      <Accordion items={faq.items} name="faq" />
      <CalculatorLink />
    </Section>
  );
}
