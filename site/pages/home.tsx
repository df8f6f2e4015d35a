/** `/`: the home page (spec §2, sections in order). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { hero, pricing } from '../content/home.ts';
import { cities } from '../content/cities.ts';
import { PricingWidget } from '../widgets.tsx';

export function HomePage({ catalogue }: { catalogue: Catalogue }) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="wrap">
          <h1 id="hero-title">{hero.title}</h1>
          <p className="lead">{hero.lead}</p>
          <p className="hero-cities">
            {hero.citiesLabel}{' '}
            {cities.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ', '}
                <a href={`/miasto/${c.slug}`}>{c.name}</a>
              </span>
            ))}
          </p>
          <p className="hero-actions">
            <a className="btn" href="/konfigurator?utm_source=site&utm_medium=hero&utm_campaign=hero_cta">{hero.primaryCta}</a>{' '}
            <a className="btn ghost" href="#contact">{hero.secondaryCta}</a>
          </p>
          <ul className="trust">
            {hero.trustPoints.map((t) => <li key={t}>{t}</li>)}
          </ul>
        </div>
      </section>
      <section id="pricing" className="section" aria-labelledby="pricing-title">
        <div className="wrap">
          <h2 id="pricing-title">{pricing.title}</h2>
          <p className="section-lead">{pricing.subtitle}</p>
          <PricingWidget catalogue={catalogue} />
        </div>
      </section>
      <section id="contact" className="section alt" aria-labelledby="contact-title">
        <div className="wrap">
          <h2 id="contact-title">Kontakt</h2>
          <p className="section-lead">Zadzwoń lub napisz – przygotujemy bezpłatną wycenę.</p>
        </div>
      </section>
    </>
  );
}
