// A quote keeps the advisor's best offer beside the device the visitor clicked, recomputed by
// the worker from the catalogue at the quote's volume (never a figure from the browser), and
// the quote page, the sales e-mail and the admin show it. Expected figures are worked by hand
// from the catalogue of the spec (§3).
import { describe, expect, it } from 'vitest';
import { login, read, request } from '../../tests/worker/admin-helpers.ts';
import { db } from '../../tests/worker/contracts-helpers.ts';

const post = (over: Record<string, unknown>) =>
  request('/api/quotes', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.61' },
    body: JSON.stringify({
      deviceId: 'km-c258',
      level: 'premium',
      term: 36,
      // The law firm: 12 people × 500 pages, 15 % colour.
      volume: { mono: 5100, color: 900 },
      contact: { name: 'Kancelaria Nowak', email: `kancelaria-${crypto.randomUUID()}@firma.pl` },
      submissionId: crypto.randomUUID(),
      ...over,
    }),
  });

const stored = async (id: string) => {
  const row = await db().prepare('SELECT advice, lead_id FROM quotes WHERE id = ?').bind(id).first<{
    advice: string | null;
    lead_id: string;
  }>();
  return { advice: row?.advice ? JSON.parse(row.advice) : null, leadId: row?.lead_id ?? '' };
};

describe('the advice stored with a quote', () => {
  it('keeps the clicked C3320i beside the advised C258 Premium the law firm took, with 150,00 zł a month', async () => {
    // What a tampered browser might add: its own difference, ignored.
    const res = await post({ clicked: 'km-c3320i', advice: { difference: { monthly: 1 } } });
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    const { advice, leadId } = await stored(id);
    // C3320i Premium: 279 + 2 300 × 0,08 + 300 × 0,22 = 529,00 (its cheapest package there);
    // C258 Premium: 375 + 100 × 0,04 = 379,00; 150,00 a month, × 36 = 5 400,00.
    expect(advice).toEqual({
      clicked: { deviceId: 'km-c3320i', deviceName: 'Konica Minolta bizhub C3320i', level: 'premium', monthlyNet: 529 },
      best: { deviceId: 'km-c258', deviceName: 'Konica Minolta bizhub C258', level: 'premium', monthlyNet: 379 },
      difference: { monthly: 150, overTerm: { months: 36, amount: 5400 } },
    });

    const page = await (await request(new URL(url).pathname)).text();
    expect(page).toContain('Polecana oferta przy tej liczbie stron');
    expect(page).toContain('Konica Minolta bizhub C3320i Premium – 529,00 zł netto miesięcznie');
    expect(page).toContain('150,00 zł netto miesięcznie więcej (5400,00 zł przez 36 miesięcy)');

    const mail = await db()
      .prepare('SELECT body FROM outbox WHERE lead_id = ? ORDER BY id LIMIT 1')
      .bind(leadId)
      .first<{ body: string }>();
    expect(mail?.body).toMatch(/Urządzenie wybrane na początku\W+Konica Minolta bizhub C3320i Premium – 529,00 zł/);
    expect(mail?.body).toMatch(/Polecana oferta\W+Konica Minolta bizhub C258 Premium – 379,00 zł/);

    const cookie = await login('203.0.113.61', 'Handlowiec');
    const detail = (await (await read(`/api/admin/leads/${leadId}`, cookie)).json()) as {
      quote: { estimateRows: [string, string][] };
    };
    expect(detail.quote.estimateRows).toContainEqual([
      'Różnica względem polecanej oferty',
      '150,00 zł netto miesięcznie więcej (5400,00 zł przez 36 miesięcy)',
    ]);
  });

  it('sets the advice beside the quoted device when the visitor kept it: the C3320i Premium against the C258 Premium', async () => {
    const res = await post({ deviceId: 'km-c3320i', level: 'premium', term: 24 });
    const { advice } = await stored(((await res.json()) as { id: string }).id);
    expect(advice).toMatchObject({
      clicked: { deviceId: 'km-c3320i', level: 'premium', monthlyNet: 529 },
      best: { deviceId: 'km-c258', level: 'premium', monthlyNet: 379 },
      difference: { monthly: 150, overTerm: { months: 24, amount: 3600 } },
    });
  });

  it('keeps the quoted package of a kept device: the C3320i Basic at 1 200 + 200 pages against the C3320i Business', async () => {
    // Basic: 195 + 300 × 0,08 + 50 × 0,22 = 230,00; Business 235,00 is dearer, but the
    // 4052 Basic (175 + 200 × 0,05 = 185,00) prints no colour: the best colour offer is the
    // C3320i Basic itself, so nothing is stored.
    const kept = await post({ deviceId: 'km-c3320i', level: 'basic', volume: { mono: 1200, color: 200 } });
    expect((await stored(((await kept.json()) as { id: string }).id)).advice).toBeNull();
    // Its Premium (279,00) is 49,00 a month above it, over a shorter term: no amount over the term.
    const dear = await post({
      deviceId: 'km-c3320i',
      level: 'premium',
      term: 'short',
      volume: { mono: 1200, color: 200 },
    });
    expect((await stored(((await dear.json()) as { id: string }).id)).advice).toMatchObject({
      clicked: { level: 'premium', monthlyNet: 279 },
      best: { deviceId: 'km-c3320i', level: 'basic', monthlyNet: 230 },
      difference: { monthly: 49 },
    });
  });

  it('stores nothing without a volume, or when the clicked device is the advised one', async () => {
    const noVolume = await post({ volume: undefined, clicked: 'km-c3320i' });
    expect((await stored(((await noVolume.json()) as { id: string }).id)).advice).toBeNull();
    const same = await post({ clicked: 'km-c258' });
    expect((await stored(((await same.json()) as { id: string }).id)).advice).toBeNull();
  });

  it('ignores a clicked id the catalogue does not know, and refuses one that is not text, naming the field', async () => {
    const unknown = await post({ clicked: 'km-9999' });
    expect(unknown.status).toBe(201);
    expect((await stored(((await unknown.json()) as { id: string }).id)).advice).toBeNull();
    const wrong = await post({ clicked: 42 });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'clicked' });
  });

  it('keeps to A3 devices when the visitor needs A3: the bizhub 227 Basic at 1 000 pages is then the best, not the A4 bizhub 4052', async () => {
    const office = { deviceId: 'km-227', level: 'basic', term: 24, volume: { mono: 1000, color: 0 } };
    // Without A3: bizhub 4052 Basic 175,00 zł against the 227 Basic 219,00 zł, 44,00 zł a month.
    const anyFormat = await post(office);
    expect((await stored(((await anyFormat.json()) as { id: string }).id)).advice).toMatchObject({
      best: { deviceId: 'km-4052', level: 'basic', monthlyNet: 175 },
      difference: { monthly: 44 },
    });
    // With A3 ticked, the 227 is the cheapest that prints A3: no cheaper offer to set beside it.
    const a3 = await post({ ...office, a3: true });
    expect(a3.status).toBe(201);
    expect((await stored(((await a3.json()) as { id: string }).id)).advice).toBeNull();
  });
});
