/** `/`: the home page (spec §2, sections in order). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { hero } from '../content/home.ts';
import { cities } from '../content/cities.ts';
import { ContactSection } from '../sections/contact.tsx';
import { ModelsSection } from '../sections/models.tsx';
import { PricingSection } from '../sections/pricing.tsx';

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
      <ModelsSection catalogue={catalogue} />
      <PricingSection catalogue={catalogue} />
      <ContactSection />
    </>
  );
}
