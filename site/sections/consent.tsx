/**
 * Our cookie banner ('Akceptuję' / 'Odrzucam', equal weight) and the footer link that
 * reopens it. The markup is static and hidden; site/script/consent.ts shows it while no
 * choice is stored and loads the tag manager and pixel whose ids it carries, only after
 * 'Akceptuję'. Without JavaScript nothing is loaded, so there is nothing to ask.
 */
import { analyticsIds, consentTexts } from '../../widgets/core/site-analytics.ts';

export function ConsentBanner() {
  return (
    <section
      id="consent"
      className="consent"
      aria-label={consentTexts.label}
      data-gtm={analyticsIds.gtm || undefined}
      data-pixel={analyticsIds.pixel || undefined}
      hidden
    >
      <div className="wrap consent-inner">
        <div>
          <h2 className="consent-title">{consentTexts.title}</h2>
          <p>
            {consentTexts.text} <a href="/polityka-prywatnosci">{consentTexts.policyLink}</a>
          </p>
        </div>
        <div className="consent-actions">
          <button type="button" className="btn" data-consent="accepted">
            {consentTexts.accept}
          </button>
          <button type="button" className="btn" data-consent="declined">
            {consentTexts.decline}
          </button>
        </div>
      </div>
    </section>
  );
}

/** For the footer: reopens the banner (without JavaScript, the cookie section of the privacy policy). */
export function ConsentSettingsLink() {
  return (
    <a href="/polityka-prywatnosci" data-consent-open="">
      {consentTexts.settingsLink}
    </a>
  );
}
