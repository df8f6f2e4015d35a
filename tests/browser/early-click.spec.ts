// No lost interaction before upgrade: a click on a pre-rendered widget while its
// code is still on the way (held back here by the test) shows the widget busy and takes
// effect once the code has arrived (widgets/replay.ts, used by the loader).
import { type Locator, type Page, expect, test } from '@playwright/test';

/** Holds every request for the widget chunk `name` until `release()` is called. */
async function holdChunk(page: Page, name: string): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const seen = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(new RegExp(`/widgets/v1/${name}\\.[0-9a-f]{8}\\.js$`), async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: seen };
}

const defined = (page: Page, tag: string) => page.evaluate((t) => !!customElements.get(t), tag);

/** The home page scrolled to its pricing cards, whose code is held back. */
async function homePricingHeld(page: Page) {
  const chunk = await holdChunk(page, 'pricing');
  await page.goto('/');
  const pricing = page.locator('#pricing kserowo-pricing');
  await pricing.scrollIntoViewIfNeeded();
  return { chunk, pricing };
}

/** Presses the pointer on `target`, lets the held chunk of `tag` arrive, then lifts the pointer. */
async function pressAcrossUpgrade(
  page: Page,
  target: Locator,
  chunk: { release: () => void },
  tag: string,
): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  chunk.release();
  await expect.poll(() => defined(page, tag)).toBe(true);
  // Preact has rendered the live markup by now (synchronously in the upgrade, DESIGN §2).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await page.mouse.up();
}

test('the pricing switch: Mono clicked before the code arrives shows the mono prices once it has', async ({ page }) => {
  const { chunk, pricing } = await homePricingHeld(page);
  await expect(pricing.locator('.card:visible').first()).toContainText('od 195 zł');
  await pricing.getByText('Mono', { exact: true }).click();
  await chunk.requested;
  expect(await defined(page, 'kserowo-pricing')).toBe(false);
  await expect(pricing).toHaveAttribute('aria-busy', 'true');
  await expect(pricing.locator('.card:visible').first()).toContainText('od 195 zł');

  chunk.release();
  await expect.poll(() => defined(page, 'kserowo-pricing')).toBe(true);
  await expect(pricing.locator('.card:visible').first()).toContainText('od 175 zł');
  await expect(pricing.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(pricing).not.toHaveAttribute('aria-busy', /.*/);
});

test('a model filter: Mono chosen before the code arrives stays chosen once it has', async ({ page }) => {
  const chunk = await holdChunk(page, 'models');
  await page.goto('/modele');
  const models = page.locator('kserowo-models');
  const names = () => models.locator('.card h3').filter({ visible: true }).allTextContents();
  await models.getByRole('radio', { name: /^Mono/ }).click();
  await chunk.requested;
  expect(await defined(page, 'kserowo-models')).toBe(false);
  await expect(models).toHaveAttribute('aria-busy', 'true');

  chunk.release();
  await expect.poll(() => defined(page, 'kserowo-models')).toBe(true);
  await expect(models).not.toHaveAttribute('aria-busy', /.*/);
  await expect(models.getByRole('radio', { name: /^Mono/ })).toBeChecked();
  await expect
    .poll(names)
    .toEqual(['Konica Minolta bizhub 227', 'Konica Minolta bizhub 4052', 'Konica Minolta bizhub 308']);
  // The live widget holds the choice (sync-url writes it into the address).
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('mono');
});

// The configurator's first step is pre-rendered, so a device can be clicked before the code arrives.
test('the configurator: a device chosen before the code arrives is chosen once it has', async ({ page }) => {
  const chunk = await holdChunk(page, 'configurator');
  await page.goto('/konfigurator');
  const cfg = page.locator('kserowo-configurator');
  await cfg.getByRole('radio', { name: /C258/ }).click();
  await chunk.requested;
  expect(await defined(page, 'kserowo-configurator')).toBe(false);
  await expect(cfg).toHaveAttribute('aria-busy', 'true');

  chunk.release();
  await expect.poll(() => defined(page, 'kserowo-configurator')).toBe(true);
  await expect(cfg).not.toHaveAttribute('aria-busy', /.*/);
  await expect(cfg.getByRole('radio', { name: /C258/ })).toBeChecked();
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await expect(cfg.getByRole('heading', { level: 2 }).first()).toContainText('Wybierz pakiet');
});

test('the configurator: a device and "Dalej" clicked before the code arrives open step 2 with that device', async ({
  page,
}) => {
  const chunk = await holdChunk(page, 'configurator');
  await page.goto('/konfigurator');
  const cfg = page.locator('kserowo-configurator');
  await cfg.getByRole('radio', { name: /C258/ }).click();
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await chunk.requested;
  expect(await defined(page, 'kserowo-configurator')).toBe(false);

  chunk.release();
  await expect(cfg.getByRole('heading', { level: 2 }).first()).toContainText('Wybierz pakiet');
  await expect(cfg).toContainText('C258');
  await expect(cfg.getByRole('alert')).toHaveCount(0);
});

// A press that the upgrade interrupts: the pointer goes down on a pre-rendered link, the
// widget's code arrives and replaces its markup, the pointer comes up. The browser sends
// no click when the element pressed has gone, so the visitor's tap would be lost.
test('a pricing card link pressed while the widget upgrades still opens the configurator', async ({ page }) => {
  const { chunk, pricing } = await homePricingHeld(page);
  await chunk.requested;
  await pressAcrossUpgrade(
    page,
    pricing.getByRole('link', { name: /Skonfiguruj pakiet Premium/ }),
    chunk,
    'kserowo-pricing',
  );
  await expect(page).toHaveURL(/\/konfigurator\?.*package=premium.*utm_campaign=main_pricing_cta/);
});

test('the pricing switch pressed while the widget upgrades flips once', async ({ page }) => {
  const { chunk, pricing } = await homePricingHeld(page);
  await chunk.requested;
  await pressAcrossUpgrade(page, pricing.getByText('Mono', { exact: true }), chunk, 'kserowo-pricing');
  await expect(pricing.locator('.card:visible').first()).toContainText('od 175 zł');
  await expect(pricing.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  // Still mono a moment later: not flipped back by a second click.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(pricing.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
});
