/** `/deklaracja-dostepnosci`: the accessibility statement of site/content/accessibility.ts. */
import { company } from '../../widgets/core/company.ts';
import { ACCESSIBILITY_UPDATED, accessibilityStatement } from '../content/accessibility.ts';
import { SampleNote } from '../sections/company-values.tsx';
import { DocSections, Updated } from './legal.tsx';

export function AccessibilityPage() {
  const doc = accessibilityStatement(company);
  return (
    <section className="section narrow">
      <div className="wrap prose legal">
        <h1>{doc.title}</h1>
        <Updated iso={ACCESSIBILITY_UPDATED} />
        <SampleNote fields={['phone']} />
        <p className="lead">{doc.lead}</p>
        <DocSections sections={doc.sections} />
      </div>
    </section>
  );
}
