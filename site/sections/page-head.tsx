/** Pieces the inner pages share: the heading band and the company's figures as a still list. */
import { company } from '../../widgets/core/company.ts';

/** The band under the header of an inner page: its one `h1` and the lead sentence. */
export function PageHead({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="page-head">
      <div className="wrap">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
    </section>
  );
}

/** The company's figures without the home page's count-up (`/o-nas`, `/kontakt`). */
export function StaticStats() {
  return (
    <ul className="stats stats-static">
      {company.stats.map((s) => (
        <li key={s.key}>
          <span className="stat-value">
            {s.value}
            {s.suffix}
          </span>
          <span className="stat-label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
