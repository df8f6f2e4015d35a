/** `/konfigurator`: the offer configurator, keeping its step and choices in the URL (`sync-url`). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { pageMeta } from '../content/pages.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ConfiguratorWidget, WidgetArea } from '../../widgets/prerender.tsx';
import { NoScriptNote } from '../sections/no-script-note.tsx';

export function ConfiguratorPage({ catalogue }: { catalogue: Catalogue }) {
  return (
    <section className="section">
      <div className="wrap">
        <h1>Konfigurator oferty</h1>
        <p className="lead">{pageMeta['/konfigurator']?.description}</p>
        {/* Without JavaScript the pre-rendered first step is there to read, with no 'Dalej' to loop on
            (the configurator's CSS hides its buttons under `scripting: none`): this says why, and the way out. */}
        <noscript>
          <div className="noscript-note">
            <NoScriptNote subject="Konfigurator" /> Przygotujemy wycenę dla Twojej firmy.
          </div>
        </noscript>
        <WidgetArea title={FALLBACK.configurator}>
          <ConfiguratorWidget catalogue={catalogue} syncUrl />
        </WidgetArea>
      </div>
    </section>
  );
}
