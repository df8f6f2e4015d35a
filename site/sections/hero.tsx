/** Home section 2: hero (copier rental in Słupsk, city links, 'Skonfiguruj online', 'Bezpłatna konsultacja'). */
import { cities } from '../content/cities.ts';
import { hero } from '../content/home.ts';
import { Icon } from '../icons.tsx';

/** A light drawing of a multifunction device in an office, inline so nothing is fetched. */
function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 360 280" width="360" height="280" aria-hidden="true" focusable="false">
      <rect x="20" y="236" width="320" height="8" rx="4" fill="#d8e0ea" />
      <rect x="88" y="40" width="184" height="34" rx="6" fill="#dbe8f6" stroke="#0b5cad" strokeWidth="3" />
      <rect x="70" y="74" width="220" height="92" rx="10" fill="#fff" stroke="#0b5cad" strokeWidth="3" />
      <rect x="92" y="92" width="70" height="26" rx="4" fill="#eef4fb" stroke="#0b5cad" strokeWidth="2" />
      <circle cx="256" cy="102" r="7" fill="#0f7b3f" />
      <rect x="200" y="128" width="70" height="8" rx="4" fill="#d8e0ea" />
      <rect x="80" y="166" width="200" height="70" rx="8" fill="#f5f8fc" stroke="#0b5cad" strokeWidth="3" />
      <path d="M96 186h168M96 206h168" stroke="#d8e0ea" strokeWidth="6" strokeLinecap="round" />
      <path d="M118 18h124v30H118z" fill="#fff" stroke="#4b5563" strokeWidth="2" />
      <path d="M132 28h70M132 38h50" stroke="#d8e0ea" strokeWidth="4" strokeLinecap="round" />
      <g transform="translate(286 8)">
        <path d="M24 62s-20-17.6-20-32.6A20 20 0 0 1 44 29.4C44 44.4 24 62 24 62z" fill="#0b5cad" />
        <circle cx="24" cy="29" r="8" fill="#fff" />
      </g>
    </svg>
  );
}

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="wrap hero-grid">
        <div>
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
            <a className="btn btn-lg" href="/konfigurator?utm_source=site&utm_medium=hero&utm_campaign=hero_cta">
              {hero.primaryCta}
            </a>
            <a className="btn btn-lg ghost" href="#contact">
              {hero.secondaryCta}
            </a>
          </p>
          <ul className="trust">
            {hero.trustPoints.map((t) => (
              <li key={t}>
                <Icon name="check" size={18} />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
