/** Home sections 3–5: the six 'why-rent' cards, lease versus purchase, ecology. */
import { comparison, ecology, whyRent } from '../content/home.ts';
import { Icon } from '../icons.tsx';
import { Section } from './section.tsx';

export function WhyRentSection() {
  return (
    <Section id="why-rent" title={whyRent.title} lead={whyRent.subtitle}>
      <ul className="cards cards-3">
        {whyRent.benefits.map((b) => (
          <li key={b.title} className="card">
            <span className="card-icon">
              <Icon name={b.icon} />
            </span>
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ComparisonSection() {
  return (
    <Section id="comparison" className="section alt" title={comparison.title} lead={comparison.subtitle}>
      <div className="table-wrap">
        <table className="compare">
          <caption className="sr-only">{comparison.title}</caption>
          <thead>
            <tr>
              <th scope="col">{comparison.columns.feature}</th>
              <th scope="col" className="ours">
                {comparison.columns.lease}
              </th>
              <th scope="col">{comparison.columns.purchase}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td className="ours" data-label={comparison.columns.lease}>
                  {r.lease}
                </td>
                <td data-label={comparison.columns.purchase}>{r.purchase}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="conclusion">{comparison.conclusion}</p>
      <p className="small muted">{comparison.note}</p>
    </Section>
  );
}

export function EcologySection() {
  return (
    <section id="ecology" className="section" aria-labelledby="ecology-title">
      <div className="wrap eco-grid">
        <div>
          <h2 id="ecology-title">{ecology.title}</h2>
          <p className="section-lead">{ecology.text}</p>
          <ul className="eco-highlights">
            {ecology.highlights.map((h) => (
              <li key={h.label}>
                <strong>{h.value}</strong> <span>{h.label}</span>
              </li>
            ))}
          </ul>
        </div>
        <ul className="eco-points">
          {ecology.points.map((p) => (
            <li key={p.title}>
              <span className="card-icon green">
                <Icon name="leaf" />
              </span>
              <div>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
