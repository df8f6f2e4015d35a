// The page the widgets' component tests mount them in (widgets/*/*.spec.ts): the built widget
// files of dist/public/widgets/ and one blank fixture page, from a plain static server, with
// no worker and no database. `/api/*` answers 404 (a widget then uses its bundled catalogue);
// a test that sends a form answers it itself (Playwright's page.route). PORT, default 8889.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { root } from './env.mjs';

const port = Number(process.env.PORT ?? 8889);
const widgets = path.join(root, 'dist/public/widgets');
const fixture = path.join(root, 'tests/components/fixture.html');
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html; charset=utf-8' };

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const send = (file) => {
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  };
  if (pathname === '/') return send(fixture);
  if (pathname.startsWith('/widgets/')) {
    const file = path.join(widgets, path.normalize(pathname.slice('/widgets/'.length)));
    if (file.startsWith(widgets) && existsSync(file) && statSync(file).isFile()) return send(file);
  }
  res.writeHead(404, { 'Content-Type': TYPES['.json'] });
  res.end(JSON.stringify({ error: 'Nie ma tu serwera API.' }));
});

server.listen(port, '127.0.0.1', () => console.log(`component fixture on http://127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
