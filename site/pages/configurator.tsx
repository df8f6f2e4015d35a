/** `/konfigurator`: the offer configurator (the configurator issue owns its content). */
import { pageMeta } from '../content/pages.ts';

export function ConfiguratorPage() {
  return (
    <section className="section">
      <div className="wrap">
        <h1>Konfigurator oferty</h1>
        <p className="lead">{pageMeta['/konfigurator']?.description}</p>
      </div>
    </section>
  );
}
