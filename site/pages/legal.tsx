/** `/polityka-prywatnosci` and `/regulamin`: the legal texts of site/content/legal.ts. */
import { company } from '../../widgets/core/company.ts';
import { SampleNote } from '../sections/company-values.tsx';
import { type LegalDoc, plDate, privacyPolicy, terms } from '../content/legal.ts';

/** 'Ostatnia aktualizacja' of a document page, its date in words. */
export function Updated({ iso }: { iso: string }) {
  return (
    <p className="muted">
      Ostatnia aktualizacja: <time dateTime={iso}>{plDate(iso)}</time>
    </p>
  );
}

/** A document's sections: heading, paragraphs and an optional list each (legal texts, the accessibility statement). */
export function DocSections({ sections }: { sections: LegalDoc['sections'] }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.heading} aria-label={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 60)}>{p}</p>
          ))}
          {s.list && (
            <ul>
              {s.list.map((item) => (
                <li key={item.slice(0, 60)}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function LegalPage({ doc }: { doc: LegalDoc }) {
  return (
    <section className="section narrow">
      <div className="wrap prose legal">
        <h1>{doc.title}</h1>
        <SampleNote fields={['legalName', 'registeredAddress', 'nip', 'regon', 'registryEntry', 'phone']} />
        <Updated iso={doc.updated} />
        <DocSections sections={doc.sections} />
      </div>
    </section>
  );
}

export const PrivacyPage = () => <LegalPage doc={privacyPolicy(company)} />;
export const TermsPage = () => <LegalPage doc={terms(company)} />;
