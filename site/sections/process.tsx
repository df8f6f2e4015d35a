/** Home section 9: 'Jak działamy?' in five steps. */
import { workProcess } from '../content/home.ts';
import { Section } from './section.tsx';

export function ProcessSection() {
  return (
    <Section id="process" className="section alt" title={workProcess.title} lead={workProcess.subtitle}>
      <ol className="process">
        {workProcess.steps.map((s, i) => (
          <li key={s.title}>
            <span className="step-no" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
