/**
 * `/serwis` ('Zgłoś awarię') and `/licznik` ('Podaj stan licznika') for existing customers:
 * the forms are `<kserowo-service>` and `<kserowo-meter>` (shadow DOM, loaded by
 * the widget loader); until they load the box says 'Ładowanie...', without JavaScript it
 * points to the phone and e-mail.
 */
import { company, realPhone } from '../../widgets/core/company.ts';
import { withinWorkingHours } from '../../widgets/core/terms.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { meterPage, servicePage } from '../content/pages.ts';
import { WidgetArea, WidgetPlaceholder } from '../../widgets/prerender.tsx';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS } from '../../widgets/core/portal-validation.ts';
import { NoScriptNote } from '../sections/no-script-note.tsx';
import { PageHead } from '../sections/page-head.tsx';

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
        Standardowo serwis reaguje {withinWorkingHours(company.service.standardResponseHours)}, w pakiecie Premium{' '}
        {withinWorkingHours(company.service.premiumSlaHours)}, a przy dłuższej naprawie dostarczamy urządzenie
        zastępcze. Godziny pracy serwisu: {company.openingHours.displayLong}.
      </p>
      <p>
        <a href={link.href}>{link.text}</a>
      </p>
    </aside>
  );
}

/** A customer form's page: the heading band, the widget (its fallbacks until it loads) and the steps beside it. */
function FormPage({
  page,
  Widget,
  link,
  fallbackTitle,
}: {
  page: { title: string; lead: string; aside: { heading: string; steps: readonly string[] } };
  Widget: 'kserowo-service' | 'kserowo-meter';
  link: { href: string; text: string };
  fallbackTitle: string;
}) {
  return (
    <>
      <PageHead title={page.title} lead={page.lead} />
      <section className="section">
        <div className="wrap city-grid">
          <WidgetArea title={fallbackTitle}>
            <Widget>
              <WidgetPlaceholder noScript={<NoScriptNote subject="Formularz" />} />
            </Widget>
            <p className="widget-area-alt">
              {realPhone() ? 'Możesz też zadzwonić lub napisać: ' : 'Możesz też napisać: '}
              <a href={`mailto:${company.email}`}>{company.email}</a>
              {realPhone() && (
                <>
                  {' '}
                  · <a href={realPhone()?.href}>{realPhone()?.display}</a>
                </>
              )}
              . Klienci z umową zrobią to również w <a href="/konto">Strefie klienta</a>.
            </p>
          </WidgetArea>
          <Aside heading={page.aside.heading} steps={page.aside.steps} link={link} />
        </div>
      </section>
    </>
  );
}

/** A reported ticket found again by its number and the e-mail it was reported with. */
function TicketLookup() {
  return (
    <section className="section alt" aria-labelledby="lookup-title">
      <div className="wrap">
        <h2 id="lookup-title">{servicePage.lookup.heading}</h2>
        <p>{servicePage.lookup.text}</p>
        <form method="post" action="/serwis/zgloszenie/szukaj" className="portal-form lookup-form">
          <label htmlFor="lookup-number">{servicePage.lookup.number}</label>
          <input
            id="lookup-number"
            name="number"
            placeholder="SR-2026-000123"
            maxLength={PORTAL_LIMITS.ticketNumber}
            required
          />
          <label htmlFor="lookup-email">{servicePage.lookup.email}</label>
          <input id="lookup-email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} required />
          <button type="submit" className="btn">
            {servicePage.lookup.send}
          </button>
        </form>
      </div>
    </section>
  );
}

export function ServicePage() {
  return (
    <>
      <ServiceForm />
      <TicketLookup />
    </>
  );
}

function ServiceForm() {
  return (
    <FormPage
      page={servicePage}
      Widget="kserowo-service"
      fallbackTitle={FALLBACK.service}
      link={{ href: '/licznik', text: servicePage.aside.meterLink }}
    />
  );
}

export function MeterPage() {
  return (
    <FormPage
      page={meterPage}
      Widget="kserowo-meter"
      fallbackTitle={FALLBACK.meter}
      link={{ href: '/serwis', text: meterPage.aside.serviceLink }}
    />
  );
}
