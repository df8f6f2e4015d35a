/** `/o-nas`: who we are, the claims of spec §1, how we work (online and by phone, no office). */
import { company } from '../../widgets/core/company.ts';
import { about } from '../content/pages.ts';

export function AboutPage() {
  return (
    <>
      <section className="page-head">
        <div className="wrap">
          <h1>{about.title}</h1>
          <p className="lead">{about.lead}</p>
        </div>
      </section>
      <section className="section">
        <div className="wrap">
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
          <div className="prose">
            {about.sections.map((s) => (
              <section key={s.heading} aria-label={s.heading}>
                <h2>{s.heading}</h2>
                {s.paragraphs.map((p) => (
                  <p key={p.slice(0, 40)}>{p}</p>
                ))}
              </section>
            ))}
          </div>
          <p className="cta-row">
            <a className="btn btn-lg" href="/konfigurator?utm_source=site&utm_medium=about&utm_campaign=hero_cta">
              Skonfiguruj ofertę online
            </a>
            <a className="btn btn-lg ghost" href="/kontakt">
              Skontaktuj się z nami
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
