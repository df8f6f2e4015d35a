/** Home section 9: 'Jak działamy?' in five steps. */
import { workProcess } from '../content/home.ts';

export function ProcessSection() {
  return (
    <section id="process" className="section alt" aria-labelledby="process-title">
      <div className="wrap">
        <h2 id="process-title">{workProcess.title}</h2>
        <p className="section-lead">{workProcess.subtitle}</p>
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
      </div>
    </section>
  );
}
