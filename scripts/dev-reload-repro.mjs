// `node scripts/dev-reload-repro.mjs [base]`: reproduces the local server's "Your worker
// restarted mid-request" answers and dropped connections (docs/operations.md, "Restarts of
// the local server"). Against a running `npm start` (default http://127.0.0.1:$PORT or
// 8787) it keeps POSTs in flight whose bodies arrive slowly, as a busy client's do, and
// changes a source file of the worker once meanwhile (a comment at the end of
// worker/app.ts, put back at once): `wrangler dev` rebuilds and starts the worker in a new
// workerd process, and every request the old one still held is lost. It prints what each
// request got. Run it only against your own local server: it edits the working tree for a
// moment (the file is restored, also on Ctrl-C). `--control` sends the same and changes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

const control = process.argv.includes('--control');
const base = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`;
const IN_FLIGHT = 12;
/** How long each body takes to arrive. */
const TRICKLE_MS = 4_000;
const source = path.join(root, 'worker/app.ts');
const original = readFileSync(source, 'utf8');
const restore = () => writeFileSync(source, original);
process.on('SIGINT', () => {
  restore();
  process.exit(130);
});

const body = JSON.stringify({ name: 'Jan Kowalski', email: 'jan@firma.pl', message: 'Proszę o kontakt.' });

/** A POST whose body arrives in pieces over `TRICKLE_MS`. */
async function slowPost(i) {
  const pieces = 8;
  const bytes = new TextEncoder().encode(body);
  const step = Math.ceil(bytes.length / pieces);
  let at = 0;
  const stream = new ReadableStream({
    async pull(controller) {
      if (at >= bytes.length) return controller.close();
      await new Promise((r) => setTimeout(r, TRICKLE_MS / pieces));
      controller.enqueue(bytes.slice(at, at + step));
      at += step;
    },
  });
  try {
    const res = await fetch(`${base}/api/send-contact-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${10 + i}` },
      body: stream,
      duplex: 'half',
    });
    const text = await res.text();
    return /restarted mid-request/.test(text) ? `${res.status} restarted mid-request` : String(res.status);
  } catch (error) {
    return `connection lost (${error?.cause?.code ?? error?.cause?.message ?? error})`;
  }
}

const requests = Array.from({ length: IN_FLIGHT }, (_, i) => slowPost(i));
await new Promise((r) => setTimeout(r, 1_000));
// `--control`: the same requests, nothing changed meanwhile.
if (!control) {
  writeFileSync(source, `${original}// reload ${Date.now()}\n`);
  await new Promise((r) => setTimeout(r, 300));
  restore();
}
const answers = await Promise.all(requests);
const tally = new Map();
for (const a of answers) tally.set(a, (tally.get(a) ?? 0) + 1);
const counts = [...tally].map(([answer, n]) => `${n} × ${answer}`);
console.log(
  `${IN_FLIGHT} POSTs in flight${control ? ', nothing changed' : ", the worker's source changed"}: ${counts.join(', ')}`,
);
