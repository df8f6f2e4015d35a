// Helpers of the widgets' component tests: mount a widget in the blank fixture page, answer
// its API requests without a worker, and check a state with axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Opens the fixture page and mounts `html` (one widget element); resolves once its code has rendered. */
export async function mount(page: Page, html: string): Promise<void> {
  await page.goto('/');
  const tag = /^<([a-z-]+)/.exec(html.trim())?.[1];
  if (!tag) throw new Error(`mount: no element in ${html}`);
  await page.evaluate((markup) => {
    document.getElementById('host')?.insertAdjacentHTML('beforeend', markup);
  }, html);
  await page.waitForFunction((name) => customElements.get(name) !== undefined, tag);
  // The first render of the live widget (not the 'Ładowanie...' placeholder).
  await expect(page.locator(`${tag} [part~="root"]`).first()).toBeVisible();
}

/** Events of `type` the widgets dispatch, kept in the page for `events()`. */
export async function listen(page: Page, type: string): Promise<void> {
  await page.evaluate((t) => {
    const w = window as unknown as { __events?: Record<string, unknown[]> };
    w.__events ??= {};
    w.__events[t] = [];
    document.addEventListener(t, (e) => w.__events?.[t]?.push((e as CustomEvent).detail));
  }, type);
}

export const events = (page: Page, type: string): Promise<unknown[]> =>
  page.evaluate((t) => (window as unknown as { __events?: Record<string, unknown[]> }).__events?.[t] ?? [], type);

/** Answers `POST path` with `status` and `body`; returns the request bodies it got. */
export async function answer(page: Page, path: string, status: number, body: unknown): Promise<unknown[]> {
  const sent: unknown[] = [];
  await page.route(`**${path}`, async (route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return sent;
}

/** The axe violations inside the widget `tag` (shadow roots included), as readable lines. */
export async function violations(page: Page, tag: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(tag).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`));
}
