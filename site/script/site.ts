/**
 * The site script (budget 4 KB gzipped): small page behaviours that work without the
 * widgets, and the critical fallback 'Aplikacja nie może się załadować' when the
 * widget script could not load.
 */
import './analytics.ts';

function showAppFallbackIfWidgetsMissing(): void {
  const hasWidgets = document.querySelector('kserowo-pricing, kserowo-models, kserowo-contact, kserowo-configurator');
  if (!hasWidgets || document.documentElement.dataset.kserowo === 'ready') return;
  document.getElementById('app-fallback')?.removeAttribute('hidden');
}

window.addEventListener('load', showAppFallbackIfWidgetsMissing);
