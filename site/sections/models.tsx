/** Home section 6: 'Nasze modele kserokopiarek', the three popular models of spec §4 and a link to all. */
import type { Catalogue } from '../../widgets/core/model.ts';
import { products } from '../content/home.ts';
import { ModelsWidget } from '../widgets.tsx';

/** Spec §9: the home page shows 3 of the popular models. */
export const HOME_MODELS = 3;

export function ModelsSection({ catalogue }: { catalogue: Catalogue }) {
  return (
    <section id="products" className="section alt" aria-labelledby="products-title">
      <div className="wrap">
        <h2 id="products-title">{products.title}</h2>
        <p className="section-lead">{products.subtitle}</p>
        <ModelsWidget catalogue={catalogue} limit={HOME_MODELS} />
        <p className="section-more">
          <a className="btn ghost" href="/modele">
            {products.allModelsLink}
          </a>
        </p>
      </div>
    </section>
  );
}
