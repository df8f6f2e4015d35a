/** `/deklaracja-dostepnosci`: the accessibility statement of site/content/accessibility.ts. */
import { company } from '../../widgets/core/company.ts';
import { ACCESSIBILITY_UPDATED, accessibilityStatement } from '../content/accessibility.ts';
import { SampleNote } from '../sections/company-values.tsx';

const plDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('pl-PL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function AccessibilityPage() {
  const doc = accessibilityStatement(company);
  return (
    <section className="section narrow">
      <div className="wrap prose legal">
        <h1>{doc.title}</h1>
        <p className="muted">
          Ostatnia aktualizacja: <time dateTime={ACCESSIBILITY_UPDATED}>{plDate(ACCESSIBILITY_UPDATED)}</time>
        </p>
        <SampleNote fields={['phone']} />
        <p className="lead">{doc.lead}</p>
        {doc.sections.map((s) => (
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
      </div>
    </section>
  );
}
