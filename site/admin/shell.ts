/**
 * The admin page's HTML (served by the worker at `/admin` with a strict CSP). It holds
 * no data. Until the admin script mounts it says 'Ładowanie...'; if the script never
 * runs, CSS alone reveals 'Panel admin niedostępny' after a few seconds (no inline
 * script is needed, so the CSP stays strict), and `<noscript>` says it at once.
 */
import { FALLBACK } from '../../widgets/core/texts.ts';
import { escapeHtml } from '../../worker/admin-shared/html.ts';

export interface AdminAssets {
  script: string;
  css: string;
}

export function adminShell({ script, css }: AdminAssets): string {
  const unavailable = `<h1>${FALLBACK.admin}</h1><p>Sprawdź połączenie i odśwież stronę. Jeśli problem się powtarza, skontaktuj się z administratorem serwisu.</p><p><a class="button" href="/admin">${FALLBACK.retry}</a> <a class="button ghost" href="/">${FALLBACK.home}</a></p>`;
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>Panel Kserowo</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${escapeHtml(css)}">
<script type="module" src="${escapeHtml(script)}"></script>
</head>
<body>
<div id="admin" class="admin">
<p class="boot" role="status">${FALLBACK.loading}</p>
<div class="boot-fallback unavailable" role="alert">${unavailable}</div>
<noscript><div class="unavailable">${unavailable.replace('Sprawdź połączenie', 'Włącz JavaScript')}</div></noscript>
</div>
</body>
</html>
`;
}
