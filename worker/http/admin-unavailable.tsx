/** The panel's page when its built shell is missing (a 503): the spec's fallback text, nothing else. */
import { renderToString } from 'preact-render-to-string';
import { FALLBACK } from '../../widgets/core/texts.ts';

export const renderAdminUnavailable = (): string =>
  `<!doctype html>${renderToString(
    <html lang="pl">
      <meta charSet="utf-8" />
      <title>{FALLBACK.admin}</title>
      <h1>{FALLBACK.admin}</h1>
    </html>,
  )}`;
