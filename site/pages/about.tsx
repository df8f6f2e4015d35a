/** `/o-nas`: who we are, the claims of spec §1, how we work (online and by phone, no office). */
import { about } from '../content/pages.ts';
import { PageHead, StaticStats } from '../sections/page-head.tsx';

export function AboutPage() {
  return (
    <>
      <PageHead title={about.title} lead={about.lead} />
      <section className="section">
        <div className="wrap">
          <StaticStats />
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
