/** Step 3: the summary of the quote and the contact fields. */
import type { Device } from '../core/model.ts';
import { type QuotePrice, SERVICE_CITIES, TERM_LABELS } from '../core/quote.ts';
import { formatNumber, formatPln } from '../core/format.ts';
import { PRICING } from '../core/price-labels.ts';
import { QUOTE_LIMITS } from '../core/quote-validation.ts';
import { LIMITS } from '../core/validation.ts';
import { T } from './copy.ts';
import { Text } from './fields.tsx';
import type { Contact } from './state.ts';

export interface QuoteStepProps {
  device: Device;
  quote: QuotePrice;
  contact: Contact;
  field: (key: keyof Contact) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => void;
  website: string;
  setWebsite: (value: string) => void;
  privacyHref: string;
}

export function QuoteStep({ device, quote, contact, field, website, setWebsite, privacyHref }: QuoteStepProps) {
  return (
    <>
      <Summary device={device} quote={quote} />
      <fieldset className="contact" part="form">
        <legend>{T.contact}</legend>
        <Text
          id="q-name"
          label={T.name}
          req
          value={contact.name}
          max={LIMITS.name}
          auto="name"
          onChange={field('name')}
        />
        <Text
          id="q-email"
          label={T.email}
          req
          type="email"
          value={contact.email}
          max={LIMITS.email}
          auto="email"
          onChange={field('email')}
        />
        <Text
          id="q-phone"
          label={T.phone}
          type="tel"
          value={contact.phone}
          max={LIMITS.phone}
          auto="tel"
          onChange={field('phone')}
        />
        <Text
          id="q-company"
          label={T.company}
          value={contact.company}
          max={LIMITS.company}
          auto="organization"
          onChange={field('company')}
        />
        <Text
          id="q-nip"
          label={T.nip}
          value={contact.nip}
          max={QUOTE_LIMITS.nip}
          auto="off"
          mode="numeric"
          onChange={field('nip')}
        />
        <Text
          id="q-city"
          label={T.city}
          value={contact.city}
          max={QUOTE_LIMITS.city}
          auto="address-level2"
          list="q-cities"
          hint={T.cityHint}
          onChange={field('city')}
        />
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
        <p className="privacy">
          {T.privacy}
          <a href={privacyHref} target="_blank" rel="noopener">
            {T.privacyLink}
          </a>
          .
        </p>
        <label className="check">
          <input type="checkbox" checked={contact.marketingConsent} onChange={field('marketingConsent')} />{' '}
          {T.marketing}
        </label>
      </fieldset>
    </>
  );
}

function Summary({ device, quote }: { device: Device; quote: QuotePrice }) {
  const pages = `${formatNumber(quote.volume.mono)} ${T.pagesMono}${device.type === 'color' ? ` + ${formatNumber(quote.volume.color ?? 0)} ${T.pagesColor}` : ''}`;
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
          {quote.level === 'premium' ? ` (${T.sla})` : ''}
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
