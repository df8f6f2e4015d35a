// Against the real worker in `wrangler dev` (workerd), where the failure
// showed: a chunked body just over 16 KB with no Content-Length, then ten valid leads on
// the same keep-alive connections. Each of the ten must be answered 200 and stored.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { apiOrigin } from './fixtures/partner-site.ts';
import { storedLeads } from './fixtures/stored.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  path: string,
  chunks: string[],
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${apiOrigin}${path}`, { method: 'POST', agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

test('an oversized chunked body is refused with 413 and the ten valid leads after it are all stored', async () => {
  test.setTimeout(120_000);
  // 17 chunks of 1 KB: just over 16 KB, sent chunked (no Content-Length).
  const big = await send('/api/send-contact-email', Array(17).fill(`{"x":"${'a'.repeat(1010)}"}`.slice(0, 1024)), {
    'Content-Type': 'application/json',
    'Transfer-Encoding': 'chunked',
  });
  expect(big.status).toBe(413);
  expect(JSON.parse(big.body)).toEqual({ error: expect.stringMatching(/zbyt duże/) });

  const stamp = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const body = JSON.stringify({ name: `Chunk ${i}`, email: `chunk-${stamp}-${i}@firma.pl` });
    statuses.push((await send('/api/send-contact-email', [body], { 'Content-Type': 'application/json' })).status);
  }
  expect(statuses).toEqual(Array(10).fill(200));
  expect((await storedLeads(`chunk-${stamp}-`)).map((l) => l.name).sort()).toEqual(
    Array.from({ length: 10 }, (_, i) => `Chunk ${i}`),
  );
});

test('bodies far over the drain cap (2 MB and 10 MB, chunked) are refused with 413 and the lead after each is stored', async () => {
  test.setTimeout(600_000);
  const stamp = Date.now();
  const statuses: number[] = [];
  const refused: number[] = [];
  for (let i = 0; i < 10; i++) {
    for (const megabytes of [2, 10]) {
      // 64 KB chunks with no Content-Length: the worker learns the size only by reading.
      const chunk = 'a'.repeat(64 * 1024);
      const big = await send('/api/send-contact-email', Array(megabytes * 16).fill(chunk), {
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      });
      refused.push(big.status);
    }
    const body = JSON.stringify({ name: `Duży ${i}`, email: `duzy-${stamp}-${i}@firma.pl` });
    statuses.push((await send('/api/send-contact-email', [body], { 'Content-Type': 'application/json' })).status);
  }
  expect(refused).toEqual(Array(20).fill(413));
  expect(statuses).toEqual(Array(10).fill(200));
  expect((await storedLeads(`duzy-${stamp}-`)).map((l) => l.name).sort()).toEqual(
    Array.from({ length: 10 }, (_, i) => `Duży ${i}`),
  );
});
