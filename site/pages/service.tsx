/**
 * `/serwis` ('Zgłoś awarię') and `/licznik` ('Podaj stan licznika') for existing customers
 * (issue 17): the forms are `<kserowo-service>` and `<kserowo-meter>` (shadow DOM, loaded by
 * the widget loader); until they load the box says 'Ładowanie...', without JavaScript it
 * points to the phone and e-mail.
 */
import { PLACEHOLDER_MARKER, company } from '../../widgets/core/company.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { meterPage, servicePage } from '../content/pages.ts';

const known = (value: string): string | undefined => (value.startsWith(PLACEHOLDER_MARKER) ? undefined : value);

function NoScript() {
  const phone = known(company.phone.display);
  return (
    <noscript>
      <p>
        Formularz działa z włączonym JavaScriptem. Napisz do nas:{' '}
        <a href={`mailto:${company.email}`}>{company.email}</a>
        {phone && (
          <>
            {' '}
            lub zadzwoń: <a href={company.phone.href}>{phone}</a>
          </>
        )}
      </p>
    </noscript>
  );
}

function Aside({
  heading,
  steps,
  link,
}: {
  heading: string;
  steps: readonly string[];
  link: { href: string; text: string };
}) {
  return (
    <aside className="prose">
      <h2>{heading}</h2>
      <ol>
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p>
        Standardowo serwis reaguje w ciągu {company.service.standardResponseHours} h, w pakiecie Premium w ciągu{' '}
        {company.service.premiumSlaHours} h, a przy dłuższej naprawie dostarczamy urządzenie zastępcze. Godziny pracy
        serwisu: {company.openingHours.displayLong}.
      </p>
      <p>
        <a href={link.href}>{link.text}</a>
      </p>
    </aside>
  );
}

export function ServicePage() {
  return (
    <>
      <section className="page-head">
        <div className="wrap">
          <h1>{servicePage.title}</h1>
          <p className="lead">{servicePage.lead}</p>
        </div>
      </section>
      <section className="section">
        <div className="wrap city-grid">
          <kserowo-service>
            <p className="widget-loading" role="status">
              {FALLBACK.loading}
            </p>
            <NoScript />
          </kserowo-service>
          <Aside
            heading={servicePage.aside.heading}
            steps={servicePage.aside.steps}
            link={{ href: '/licznik', text: servicePage.aside.meterLink }}
          />
        </div>
      </section>
    </>
  );
}

export function MeterPage() {
  return (
    <>
      <section className="page-head">
        <div className="wrap">
          <h1>{meterPage.title}</h1>
          <p className="lead">{meterPage.lead}</p>
        </div>
      </section>
      <section className="section">
        <div className="wrap city-grid">
          <kserowo-meter>
            <p className="widget-loading" role="status">
              {FALLBACK.loading}
            </p>
            <NoScript />
          </kserowo-meter>
          <Aside
            heading={meterPage.aside.heading}
            steps={meterPage.aside.steps}
            link={{ href: '/serwis', text: meterPage.aside.serviceLink }}
          />
        </div>
      </section>
    </>
  );
}
