/** `/modele`: the model list (the models issue owns its content). */
import { pageMeta } from '../content/pages.ts';

export function ModelsPage() {
  return (
    <section className="section">
      <div className="wrap">
        <h1>Modele kserokopiarek Konica Minolta</h1>
        <p className="lead">{pageMeta['/modele']?.description}</p>
      </div>
    </section>
  );
}
