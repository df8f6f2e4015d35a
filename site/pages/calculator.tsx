/**
 * `/kalkulator`: 'Nie wiem, który model i ile drukuję' as a page of its own. The visitor's
 * monthly pages (from two counter readings or the office size), the cheapest offer of the
 * whole catalogue that fits them, the comparison with the current contract, and a link that
 * hands all of it to `/konfigurator`. `<kserowo-calculator>` is loaded by the widget loader;
 * until then the box says 'Ładowanie...'.
 */
import { C } from '../../widgets/kit/estimate/copy.ts';
import { calculatorPage } from '../content/pages.ts';
import { PageHead } from '../sections/page-head.tsx';
import { WidgetArea, WidgetPlaceholder } from '../../widgets/prerender.tsx';

export function CalculatorPage() {
  return (
    <>
      <PageHead title={calculatorPage.title} lead={calculatorPage.lead} />
      <section className="section">
        <div className="wrap">
          <WidgetArea title={C.unavailable}>
            <kserowo-calculator configurator-url="/konfigurator">
              <WidgetPlaceholder
                noScript={
                  <p>
                    Kalkulator działa z włączonym JavaScriptem. Bez niego wybierz urządzenie w{' '}
                    <a href="/modele">liście modeli</a> albo <a href="/kontakt">napisz do nas</a>.
                  </p>
                }
              />
            </kserowo-calculator>
          </WidgetArea>
          <div className="prose">
            <h2>{calculatorPage.how.heading}</h2>
            <ul>
              {calculatorPage.how.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
