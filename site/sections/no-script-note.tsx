/**
 * What a form or the configurator says without JavaScript: that it needs it, and the way out by
 * e-mail, or by phone when the company has a real one (never a sample or an unset number).
 */
import { company, realPhone } from '../../widgets/core/company.ts';

export function NoScriptNote({ subject }: { subject: string }) {
  const phone = realPhone();
  return (
    <p>
      {subject} działa z włączonym JavaScriptem. Napisz do nas: <a href={`mailto:${company.email}`}>{company.email}</a>
      {phone && (
        <>
          {' '}
          lub zadzwoń: <a href={phone.href}>{phone.display}</a>
        </>
      )}
    </p>
  );
}
