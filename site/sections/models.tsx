/** Home section 6: 'Nasze modele kserokopiarek', the three popular models of spec §4 and a link to all. */
import type { Catalogue } from '../../widgets/core/model.ts';
import { products } from '../content/home.ts';
import { ModelsWidget, WidgetArea } from '../../widgets/prerender.tsx';
import { Section } from './section.tsx';

/** Spec §9: the home page shows 3 of the popular models. */
export const HOME_MODELS = 3;

export function ModelsSection({ catalogue }: { catalogue: Catalogue }) {
  return (
    <Section id="products" className="section alt" title={products.title} lead={products.subtitle}>
      <WidgetArea>
        <ModelsWidget catalogue={catalogue} limit={HOME_MODELS} />
      </WidgetArea>
      <p className="section-more">
        <a className="btn ghost" href="/modele">
          {products.allModelsLink}
        </a>
      </p>
    </Section>
  );
}
