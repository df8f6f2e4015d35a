/** Home section 14: 'Dlaczego {product}?' – local service, own service team, authorised partner. */
import { whyUs } from '../content/home.ts';
import { Icon } from '../icons.tsx';

export function WhyUsSection() {
  return (
    <section id="why-us" className="section alt" aria-labelledby="why-us-title">
      <div className="wrap">
        <h2 id="why-us-title">{whyUs.title}</h2>
        <ul className="cards cards-3">
          {whyUs.points.map((p) => (
            <li key={p.title} className="card">
              <span className="card-icon">
                <Icon name={p.icon} />
              </span>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
