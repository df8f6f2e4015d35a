/**
 * `/miasto/{slug}`: a city page with its own facts (distance and travel time from Słupsk,
 * response time, towns nearby, local FAQ) and the pre-rendered pricing. When the widgets
 * fail, the site script shows 'Strona miasta niedostępna' in the widget area.
 */
import { company } from '../../widgets/core/company.ts';
import type { Catalogue } from '../../widgets/core/model.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { type City, cities } from '../content/cities.ts';
import { cityPage } from '../content/cities-pages.ts';
import { Accordion } from '../sections/faq.tsx';
import { Icon } from '../icons.tsx';
import { PricingWidget, WidgetFallback } from '../../widgets/prerender.tsx';
import { RegionMap } from './cities.tsx';

export function CityPage({ city, catalogue }: { city: City; catalogue: Catalogue }) {
  const others = cities.filter((c) => c.slug !== city.slug);
  return (
    <>
      <section className="page-head">
        <div className="wrap">
          <nav aria-label={cityPage.crumbsLabel} className="crumbs small">
            <a href="/">{FALLBACK.home}</a> › <a href="/miasta">{cityPage.citiesCrumb}</a> ›{' '}
            <span aria-current="page">{city.name}</span>
          </nav>
          <h1>{city.heading}</h1>
          {city.intro.slice(0, 1).map((p) => (
            <p key={p.slice(0, 40)} className="lead">
              {p}
            </p>
          ))}
        </div>
      </section>
      <section className="section">
        <div className="wrap city-grid">
          <div className="prose">
            {city.intro.slice(1).map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
            <ul className="checklist">
              {city.highlights.map((h) => (
                <li key={h}>
                  <Icon name="check" size={18} />
                  {h}
                </li>
              ))}
            </ul>
          </div>
          <aside className="facts card" aria-labelledby="facts-title">
            <h2 id="facts-title" className="h3">
              {cityPage.factsTitle(city.name)}
            </h2>
            <dl>
              <dt>{cityPage.distanceLabel}</dt>
              <dd>{city.isBase ? cityPage.baseDistance : cityPage.distance(city.distanceKm)}</dd>
              <dt>{cityPage.travelLabel}</dt>
              <dd>{city.isBase ? cityPage.baseTravel : cityPage.travel(city.travelMinutes)}</dd>
              <dt>{cityPage.responseLabel}</dt>
              <dd>
                {city.response.standard}, {city.response.premium}
              </dd>
              <dt>{cityPage.countyLabel}</dt>
              <dd>{cityPage.county(city.county, city.voivodeship)}</dd>
              <dt>{cityPage.hoursLabel}</dt>
              <dd>{company.openingHours.display}</dd>
            </dl>
            <p className="small">{city.response.note}</p>
          </aside>
        </div>
      </section>
      <section className="section alt" aria-labelledby="nearby-title">
        <div className="wrap map-grid">
          <div>
            <h2 id="nearby-title">{cityPage.nearbyTitle(city.genitive)}</h2>
            <ul className="tags">
              {city.nearbyTowns.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <p>
              {cityPage.nearbyText}
              <a href="/kontakt">{cityPage.nearbyLink}</a>.
            </p>
          </div>
          <figure className="map-figure">
            <RegionMap highlight={city.slug} />
          </figure>
        </div>
      </section>
      <section className="section" aria-labelledby="city-pricing-title">
        <div className="wrap" data-widget-area="">
          <h2 id="city-pricing-title">{cityPage.pricingTitle(city.locative)}</h2>
          <p className="section-lead">{cityPage.pricingLead(city.locative)}</p>
          <WidgetFallback title={FALLBACK.city} />
          <PricingWidget catalogue={catalogue} />
        </div>
      </section>
      <section className="section alt" aria-labelledby="city-faq-title">
        <div className="wrap narrow-inner">
          <h2 id="city-faq-title">{cityPage.faqTitle(city.name)}</h2>
          <Accordion items={city.faq} name="city-faq" />
        </div>
      </section>
      <section className="section" aria-labelledby="city-cta-title">
        <div className="wrap cta-band">
          <h2 id="city-cta-title">{cityPage.ctaTitle(city.locative)}</h2>
          <p>{cityPage.ctaText}</p>
          <p className="cta-row">
            <a
              className="btn btn-lg"
              href={`/konfigurator?utm_source=site&utm_medium=city_${city.slug}&utm_campaign=hero_cta`}
            >
              {cityPage.configuratorCta}
            </a>
            <a className="btn btn-lg ghost" href="/#contact">
              {cityPage.quoteCta}
            </a>
          </p>
          <p className="small">
            {cityPage.otherCities}{' '}
            {others.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ', '}
                <a href={`/miasto/${c.slug}`}>{c.name}</a>
              </span>
            ))}
          </p>
        </div>
      </section>
    </>
  );
}
