/**
 * `/modele`: the model list (this issue owns its content): the pre-rendered
 * `<kserowo-models>` with filters, sort, compare and the URL kept in sync, a short
 * buying guide, and Product/Offer structured data with net prices.
 */
import type { Catalogue, Device } from '../../widgets/core/model.ts';
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { company } from '../../widgets/core/company.ts';
import { PRICING } from '../../widgets/core/price-labels.ts';
import { modelsPage } from '../content/models.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ModelsWidget, WidgetArea } from '../../widgets/prerender.tsx';
import { type Json, JsonLd } from '../seo.tsx';

const CONFIGURATOR = '/konfigurator?utm_source=site&utm_medium=models&utm_campaign=device_selection';

/** One Product per device, one Offer per package: a monthly net price, VAT not included. */
export function modelsJsonLd(catalogue: Catalogue): Json {
  const product = (d: Device) => ({
    '@type': 'Product',
    '@id': `${company.url}/modele#${d.id}`,
    name: d.name,
    model: d.model,
    sku: d.id,
    brand: { '@type': 'Brand', name: 'Konica Minolta' },
    category: `Urządzenie wielofunkcyjne ${d.type === 'color' ? 'kolorowe' : 'monochromatyczne'} ${d.format}`,
    description: d.features.join('. '),
    itemCondition: d.isRefurbished ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/NewCondition',
    offers: d.packages.map((p) => ({
      '@type': 'Offer',
      name: `Dzierżawa – pakiet ${LEVEL_NAMES[p.level]}`,
      url: `${company.url}/konfigurator?device=${d.id}&package=${p.level}`,
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      price: p.monthlyPrice,
      priceCurrency: 'PLN',
      availability: 'https://schema.org/InStock',
      itemCondition: d.isRefurbished ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: company.brand, url: company.url },
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: p.monthlyPrice,
        priceCurrency: 'PLN',
        valueAddedTaxIncluded: false,
        unitCode: 'MON',
        unitText: 'miesiąc',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    })),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: modelsPage.title,
    numberOfItems: catalogue.devices.length,
    itemListElement: catalogue.devices.map((d, i) => ({ '@type': 'ListItem', position: i + 1, item: product(d) })),
  };
}

export function ModelsPage({ catalogue }: { catalogue: Catalogue }) {
  return (
    <>
      <section className="section models-page" aria-labelledby="models-title">
        <div className="wrap">
          <h1 id="models-title">{modelsPage.title}</h1>
          <p className="lead">{modelsPage.lead}</p>
          <h2 className="list-title">{modelsPage.listTitle}</h2>
          <WidgetArea title={FALLBACK.models}>
            <ModelsWidget catalogue={catalogue} filters syncUrl />
          </WidgetArea>
          <p className="footnote">{PRICING.footnote}</p>
        </div>
      </section>
      <section className="section alt" aria-labelledby="guide-title">
        <div className="wrap">
          <h2 id="guide-title">{modelsPage.guideTitle}</h2>
          <div className="guide">
            {modelsPage.guide.map((g) => (
              <div key={g.heading}>
                <h3>{g.heading}</h3>
                <p>{g.text}</p>
              </div>
            ))}
          </div>
          <h2>{modelsPage.ctaTitle}</h2>
          <p>{modelsPage.ctaText}</p>
          <p className="hero-actions">
            <a className="btn" href={CONFIGURATOR}>
              {modelsPage.configuratorCta}
            </a>{' '}
            <a className="btn ghost" href="/kontakt">
              {modelsPage.contactCta}
            </a>
          </p>
        </div>
      </section>
      <JsonLd data={modelsJsonLd(catalogue)} />
    </>
  );
}
