/**
 * The marketing-consent checkbox and the information clause of privacy.ts as markup, in
 * this order above every lead form's submit button. A form styles them with its own
 * classes `<prefix>check` and `<prefix>privacy`.
 */
import { scriptOrigin } from './catalogue-source.ts';
import { PRIVACY_TEXT, policyUrl } from './privacy.ts';

/**
 * The optional, never pre-ticked consent (a real checkbox wrapped in its label: a click on
 * the text ticks it, the text is its accessible name), then the clause with the link to
 * Kserowo's policy (a new tab, so the form keeps what was typed).
 */
export function PrivacyFields({
  prefix,
  purpose,
  apiBase,
  consent,
  onConsent,
}: {
  prefix: string;
  purpose: string;
  apiBase: string | undefined;
  consent: boolean;
  onConsent: (value: boolean) => void;
}) {
  return (
    <>
      <label className={`${prefix}check`}>
        <input type="checkbox" checked={consent} onChange={(e) => onConsent(e.currentTarget.checked)} />
        {PRIVACY_TEXT.marketing}
      </label>
      <p className={`${prefix}privacy`}>
        {PRIVACY_TEXT.clause(purpose)}
        <a href={policyUrl(apiBase || scriptOrigin)} target="_blank" rel="noopener">
          {PRIVACY_TEXT.link}
        </a>
        .
      </p>
    </>
  );
}
