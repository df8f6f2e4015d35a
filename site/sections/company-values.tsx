/**
 * Company values as the site shows them (widgets/core/company.ts `supplied`): a sample is
 * shown with the 'przykładowe dane' badge and a sample phone is never a `tel:` link; with
 * no phone set the callers leave the phone out and offer the e-mail only.
 */
import { type Company, company, type SuppliedField, suppliedLabels } from '../../widgets/core/company.ts';
import { sampleTexts } from '../content/samples.ts';

export function SampleBadge() {
  return <span className="sample-badge">{sampleTexts.badge}</span>;
}

/** The phone number: a `tel:` link when real, plain text with the badge when a sample. */
export function PhoneValue({ className, c = company }: { className?: string; c?: Company }) {
  if (!c.phone) return null;
  if (!c.phone.href) {
    return (
      <>
        <span className={className}>{c.phone.display}</span> <SampleBadge />
      </>
    );
  }
  return (
    <a className={className} href={c.phone.href}>
      {c.phone.display}
    </a>
  );
}

/** A note above a text that quotes sample company data, naming the fields (legal pages). */
export function SampleNote({ fields, c = company }: { fields: SuppliedField[]; c?: Company }) {
  const shown = fields.filter((f) => c.samples.includes(f));
  if (shown.length === 0) return null;
  return (
    <p className="sample-note">
      <SampleBadge /> {sampleTexts.legal} {shown.map((f) => suppliedLabels[f]).join(', ')}.
    </p>
  );
}
