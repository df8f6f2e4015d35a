/** Home section 6: 'Nasze modele kserokopiarek', three popular models (owned by the models issue). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { products } from '../content/home.ts';

export function ModelsSection(_props: { catalogue: Catalogue }) {
  return (
    <section id="products" className="section alt" aria-labelledby="products-title">
      <div className="wrap">
        <h2 id="products-title">{products.title}</h2>
        <p className="section-lead">{products.subtitle}</p>
        <p>
          <a className="btn ghost" href="/modele">{products.allModelsLink}</a>
        </p>
      </div>
    </section>
  );
}
