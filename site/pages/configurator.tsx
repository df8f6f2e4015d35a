/** `/konfigurator`: the offer configurator, keeping its step and choices in the URL (`sync-url`). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { pageMeta } from '../content/pages.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ConfiguratorWidget, WidgetArea } from '../../widgets/prerender.tsx';

export function ConfiguratorPage({ catalogue }: { catalogue: Catalogue }) {
  return (
    <section className="section">
      <div className="wrap">
        <h1>Konfigurator oferty</h1>
        <p className="lead">{pageMeta['/konfigurator']?.description}</p>
        <WidgetArea title={FALLBACK.configurator}>
          <ConfiguratorWidget catalogue={catalogue} syncUrl />
        </WidgetArea>
      </div>
    </section>
  );
}
