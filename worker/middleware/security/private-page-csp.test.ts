// The pages behind an unguessable id (a quote, a ticket's status) allow exactly their own inline
// style and script by hash (privatePageCsp of widgets/core/headers.ts): what the browser would refuse
// otherwise is the page's own look and its print button.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

const post = async (path: string, body: unknown) => {
  const res = await request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.61' },
    body: JSON.stringify({ ...(body as object), submissionId: crypto.randomUUID() }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
};

async function hashOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The page's inline blocks of `tag`, and its CSP. */
async function open(url: string, tag: 'style' | 'script') {
  const res = await request(new URL(url).pathname);
  expect(res.status).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
  return { blocks, csp: res.headers.get('content-security-policy') ?? '' };
}

const contact = { name: 'Anna Nowak', email: 'anna@firma.pl', phone: '600 100 200' };

describe('the CSP of a page behind an unguessable id', () => {
  it('allows the quote page its style and its print script, nothing else', async () => {
    const url = await post('/api/quotes', { deviceId: 'km-c3320i', level: 'basic', term: 24, contact });
    const styles = await open(url, 'style');
    const scripts = await open(url, 'script');
    expect(styles.blocks).toHaveLength(1);
    expect(scripts.blocks).toHaveLength(1);
    expect(styles.csp).toContain(`style-src ${await hashOf(styles.blocks[0] ?? '')};`);
    expect(styles.csp).toContain(`script-src ${await hashOf(scripts.blocks[0] ?? '')};`);
    expect(styles.csp).toMatch(/^default-src 'none';/);
  });

  it('allows the ticket page its style and no script', async () => {
    const url = await post('/api/service-requests', {
      serial: 'CSP0001',
      category: 'paper',
      description: 'Papier zacina się w podajniku 2.',
      ...contact,
    });
    const { blocks, csp } = await open(url, 'style');
    expect(blocks).toHaveLength(1);
    expect(csp).toContain(`style-src ${await hashOf(blocks[0] ?? '')};`);
    expect(csp).not.toContain('script-src');
  });
});
