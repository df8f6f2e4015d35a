/** Step 3: the summary of the quote and the contact fields. */
import type { Device } from '../core/model.ts';
import { type QuotePrice, SERVICE_CITIES, TERM_LABELS } from '../core/quote.ts';
import { formatPln } from '../core/format.ts';
import { PRICING } from '../core/price-labels.ts';
import { QUOTE_ERRORS, QUOTE_LIMITS } from '../core/quote-validation.ts';
import { LIMITS, checkContactForm } from '../core/validation.ts';
import { isValidNip } from '../core/nip.ts';
import { PrivacyFields } from '../core/privacy-clause.tsx';
import { hasSla } from '../core/terms.ts';
import { pagesAt } from '../core/quote-text.ts';
import { T } from './copy.ts';
import { Text } from './fields.tsx';
import type { Contact } from './state.ts';
import type { Toast } from './parts.tsx';

export interface QuoteStepProps {
  device: Device;
  quote: QuotePrice;
  contact: Contact;
  field: (key: keyof Contact) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => void;
  setConsent: (value: boolean) => void;
  website: string;
  setWebsite: (value: string) => void;
  /** Where the privacy policy is (the widget's `apiBase`, else the script's origin). */
  apiBase: string | undefined;
  /** A field refused by the checks, with the message shown under it until it is edited. */
  refused?: { field?: string; text: string } | undefined;
}

type TextKey = Exclude<keyof Contact, 'message' | 'marketingConsent'>;

/** The one-line contact fields: key (id `q-<key>`), label, maxlength, autocomplete token, and the rest of `Text`'s props. */
const FIELDS: [
  TextKey,
  string,
  number,
  string,
  { req?: true; type?: string; mode?: 'numeric'; list?: string; hint?: string }?,
][] = [
  ['name', T.name, LIMITS.name, 'name', { req: true }],
  ['email', T.email, LIMITS.email, 'email', { req: true, type: 'email' }],
  ['phone', T.phone, LIMITS.phone, 'tel', { type: 'tel' }],
  ['company', T.company, LIMITS.company, 'organization'],
  ['nip', T.nip, QUOTE_LIMITS.nip, 'off', { mode: 'numeric' }],
  ['city', T.city, QUOTE_LIMITS.city, 'address-level2', { list: 'q-cities', hint: T.cityHint }],
];

/**
 * The quote's contact checks, in this chunk with the fields they check: the contact form's
 * (spec §5 toasts, then the strict ones), then nip.ts's checksum (the server's too).
 */
export function checkQuoteContact(contact: Contact) {
  const checked = checkContactForm(contact);
  if (!checked.ok) return { ok: false as const, toast: { ...checked.toast, field: checked.field } as Toast };
  if (contact.nip.trim() && !isValidNip(contact.nip))
    return { ok: false as const, toast: { title: T.badNip, text: QUOTE_ERRORS.nip, field: 'nip' } as Toast };
  return checked;
}

export function QuoteStep(props: QuoteStepProps) {
  const { device, quote, contact, field, setConsent, website, setWebsite, apiBase, refused } = props;
  return (
    <>
      <Summary device={device} quote={quote} />
      <fieldset className="contact" part="form">
        <legend>{T.contact}</legend>
        {FIELDS.map(([key, label, max, auto, rest]) => (
          <Text
            key={key}
            id={`q-${key}`}
            label={label}
            value={contact[key]}
            max={max}
            auto={auto}
            onChange={field(key)}
            error={refused?.field === key ? refused.text : undefined}
            {...rest}
          />
        ))}
        <datalist id="q-cities">
          {SERVICE_CITIES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <div className="f">
          <label htmlFor="q-message">
            {T.message} <span className="muted">{T.optional}</span>
          </label>
          <textarea
            id="q-message"
            rows={4}
            maxLength={LIMITS.message}
            value={contact.message}
            onChange={field('message')}
          />
        </div>
        <div className="hp" aria-hidden="true">
          <label htmlFor="q-website">{T.honeypot}</label>
          <input
            id="q-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.currentTarget.value)}
          />
        </div>
        <PrivacyFields
          prefix=""
          purpose={T.purpose}
          apiBase={apiBase}
          consent={contact.marketingConsent}
          onConsent={setConsent}
        />
      </fieldset>
    </>
  );
}

function Summary({ device, quote }: { device: Device; quote: QuotePrice }) {
  const pages = pagesAt(quote.volume.mono, device.type === 'color' ? quote.volume.color : 0);
  const stated = quote.volume.mono > 0 || (quote.volume.color ?? 0) > 0;
  return (
    <div className="summary" part="summary">
      <h3>{T.summary}</h3>
      <dl>
        <dt>{T.device}</dt>
        <dd>{device.name}</dd>
        <dt>{T.package}</dt>
        <dd>
          {quote.levelName}
          {hasSla(quote.level) ? ` (${T.sla})` : ''}
        </dd>
        <dt>{T.term}</dt>
        <dd>{TERM_LABELS[quote.term]}</dd>
        <dt>{T.options}</dt>
        <dd>{quote.paper ? T.paperYes : T.paperNo}</dd>
        <dt>{T.price}</dt>
        <dd>
          <strong>
            {formatPln(quote.monthlyNet)} {PRICING.perMonth}
          </strong>{' '}
          <span className="muted">
            ({formatPln(quote.monthlyGross, 2)} {PRICING.grossSuffix})
          </span>
        </dd>
        {stated && (
          <>
            <dt>{T.estimated(pages)}</dt>
            <dd>
              {formatPln(quote.estimatedNet, 2)} {PRICING.perMonth}{' '}
              <span className="muted">
                ({formatPln(quote.estimatedGross, 2)} {PRICING.grossSuffix})
              </span>
            </dd>
          </>
        )}
      </dl>
      <p className="trial">{T.trial}</p>
    </div>
  );
}
