/** Home section 7: the configurator teaser (three steps, in under 5 minutes). */
import { calculatorLink, configuratorTeaser } from '../content/home.ts';
import { Icon, type IconName } from '../icons.tsx';
import { Section } from './section.tsx';

const STEP_ICONS: IconName[] = ['device', 'package', 'mail'];

/** 'Nie wiem, który model i ile drukuję' → /kalkulator, with the line that says what it does. */
export function CalculatorLink() {
  return (
    <p className="calculator-link">
      <a href={calculatorLink.href}>{calculatorLink.text}</a> – {calculatorLink.note}
    </p>
  );
}

export function ConfiguratorTeaserSection() {
  return (
    <Section
      id="configurator"
      className="section teaser"
      title={configuratorTeaser.title}
      lead={configuratorTeaser.text}
    >
      <ol className="steps steps-3">
        {configuratorTeaser.steps.map((s, i) => (
          <li key={s.title} className="card">
            <span className="step-no" aria-hidden="true">
              {i + 1}
            </span>
            <span className="card-icon">
              <Icon name={STEP_ICONS[i] ?? 'check'} />
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      <p>
        <a className="btn btn-lg" href="/konfigurator?utm_source=site&utm_medium=teaser&utm_campaign=hero_cta">
          {configuratorTeaser.cta}
        </a>
      </p>
      <CalculatorLink />
    </Section>
  );
}
