/** Home section 7: the configurator teaser (three steps, in under 5 minutes). */
import { configuratorTeaser } from '../content/home.ts';
import { Icon, type IconName } from '../icons.tsx';

const STEP_ICONS: IconName[] = ['device', 'package', 'mail'];

export function ConfiguratorTeaserSection() {
  return (
    <section id="configurator" className="section teaser" aria-labelledby="configurator-title">
      <div className="wrap">
        <h2 id="configurator-title">{configuratorTeaser.title}</h2>
        <p className="section-lead">{configuratorTeaser.text}</p>
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
      </div>
    </section>
  );
}
