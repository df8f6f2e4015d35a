// The fixed header of spec §2: logo, 'Oferta' dropdown, section links, Miasta, 'Zamów wycenę',
// and the burger menu below 1024 px; by mouse, touch and keyboard.
import { expect, test, type Page } from '@playwright/test';

const header = (page: Page) => page.locator('header.site-header');
const oferta = (page: Page) => header(page).getByRole('button', { name: 'Oferta' });
const submenu = (page: Page) => page.locator('#menu-oferta');

test.describe('header on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('stays fixed at the top while the page scrolls', async ({ page }) => {
    await page.goto('/');
    await page.locator('#faq').scrollIntoViewIfNeeded();
    expect(await header(page).evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await expect(header(page)).toBeInViewport();
  });

  test('on the home page the section links scroll without leaving the page', async ({ page }) => {
    await page.goto('/');
    for (const [name, id] of [
      ['FAQ', 'faq'],
      ['Opinie', 'testimonials'],
      ['Dlaczego Kserowo?', 'why-us'],
    ] as const) {
      await header(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id} h2`)).toBeInViewport();
    }
    await header(page).getByRole('link', { name: 'Zamów wycenę' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact h2').first()).toBeInViewport();
  });

  test('from another page the section links go to the home page section', async ({ page }) => {
    await page.goto('/o-nas');
    await header(page).getByRole('link', { name: 'Opinie', exact: true }).click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.locator('#testimonials h2')).toBeInViewport();
    await page.goto('/kontakt');
    await header(page).getByRole('link', { name: 'Zamów wycenę' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact h2').first()).toBeInViewport();
  });

  test('Miasta is active on /miasta and on every city page; the logo goes home', async ({ page }) => {
    await page.goto('/miasto/bytow');
    await expect(header(page).getByRole('link', { name: 'Miasta' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/miasta');
    await expect(header(page).getByRole('link', { name: 'Miasta' })).toHaveAttribute('aria-current', 'page');
    await header(page).getByRole('link', { name: 'Kserowo – strona główna' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Strona główna', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Oferta opens on hover and leads to the models, pricing and configurator', async ({ page }) => {
    await page.goto('/o-nas');
    await expect(submenu(page)).toBeHidden();
    await oferta(page).hover();
    await expect(submenu(page)).toBeVisible();
    await expect(oferta(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu(page).getByRole('link', { name: 'Cennik' })).toHaveAttribute('href', '/#pricing');
    await expect(submenu(page).getByRole('link', { name: 'Konfigurator' })).toHaveAttribute('href', '/konfigurator');
    await expect(submenu(page).getByRole('link', { name: 'Kalkulator' })).toHaveAttribute('href', '/kalkulator');
    // Moving away closes it.
    await page.mouse.move(640, 600);
    await expect(submenu(page)).toBeHidden();
    // Hover then click keeps it open, and the entry navigates.
    await oferta(page).click();
    await expect(submenu(page)).toBeVisible();
    await submenu(page).getByRole('link', { name: 'Nasze modele' }).click();
    await expect(page).toHaveURL(/\/modele$/);
  });

  test('Cennik scrolls to the pricing on the home page', async ({ page }) => {
    await page.goto('/');
    await oferta(page).hover();
    await expect(submenu(page).getByRole('link', { name: 'Cennik' })).toHaveAttribute('href', '#pricing');
    await submenu(page).getByRole('link', { name: 'Cennik' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing-title')).toBeInViewport();
  });

  test('Oferta works by keyboard: Enter opens, arrows move, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/regulamin');
    await oferta(page).focus();
    await page.keyboard.press('Enter');
    await expect(submenu(page)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(submenu(page).getByRole('link', { name: 'Nasze modele' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(submenu(page).getByRole('link', { name: 'Cennik' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu(page)).toBeHidden();
    await expect(oferta(page)).toBeFocused();
    // Tab through the open menu and out of it: it closes behind you.
    await page.keyboard.press('Space');
    await expect(submenu(page)).toBeVisible();
    // Past every link of the menu (Nasze modele, Cennik, Konfigurator, Kalkulator) and out.
    const links = await submenu(page).getByRole('link').count();
    expect(links).toBe(4);
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    await expect(submenu(page)).toBeHidden();
  });
});

test.describe('header on a touch screen', () => {
  test.use({ viewport: { width: 1100, height: 800 }, hasTouch: true, isMobile: false });

  test('a tap opens Oferta, a second tap closes it, a tap outside closes it', async ({ page }) => {
    await page.goto('/miasta');
    await oferta(page).tap();
    await expect(submenu(page)).toBeVisible();
    await oferta(page).tap();
    await expect(submenu(page)).toBeHidden();
    await oferta(page).tap();
    await expect(submenu(page)).toBeVisible();
    await page.locator('h1').tap();
    await expect(submenu(page)).toBeHidden();
    await oferta(page).tap();
    await submenu(page).getByRole('link', { name: 'Konfigurator' }).tap();
    // The configurator (sync-url) may add its own step to the URL at once.
    await expect(page).toHaveURL(/\/konfigurator(\?.*)?$/);
  });
});

test.describe('burger menu below 1024 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  const burger = (page: Page) => page.locator('button.burger');
  const nav = (page: Page) => page.locator('#site-nav');

  test('opens by click with the same entries and a link closes it', async ({ page }) => {
    await page.goto('/');
    await expect(nav(page)).toBeHidden();
    await burger(page).click();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page)).toBeVisible();
    for (const name of ['Strona główna', 'Dlaczego Kserowo?', 'Opinie', 'FAQ', 'O nas', 'Kontakt', 'Miasta']) {
      await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav(page).getByRole('button', { name: 'Oferta' }).click();
    await expect(nav(page).getByRole('link', { name: 'Nasze modele' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(nav(page)).toBeHidden();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq h2')).toBeInViewport();
  });

  test('traps focus while open and closes on Escape', async ({ page }) => {
    await page.goto('/o-nas');
    await burger(page).focus();
    await page.keyboard.press('Enter');
    await expect(nav(page)).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Strona główna' })).toBeFocused();
    // Tab all the way round: focus never leaves the burger and the menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#site-nav, .burger'))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#site-nav, .burger'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(nav(page)).toBeHidden();
    await expect(burger(page)).toBeFocused();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('burger menu on a phone (touch)', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a tap opens it and a link navigates', async ({ page }) => {
    await page.goto('/regulamin');
    await page.locator('button.burger').tap();
    await expect(page.locator('#site-nav')).toBeVisible();
    await page.locator('#site-nav').getByRole('link', { name: 'Miasta' }).tap();
    await expect(page).toHaveURL(/\/miasta$/);
  });
});

test.describe('logo', () => {
  test('shows the brand name as text when the image fails', async ({ page }) => {
    await page.route('**/assets/logo.svg', (route) => route.abort());
    await page.goto('/kontakt');
    await expect(page.locator('.logo .logo-text')).toBeVisible();
    await expect(page.locator('.logo .logo-text')).toHaveText('Kserowo');
    await expect(page.locator('.logo img')).toBeHidden();
  });

  test('shows the image, not the text, when it loads', async ({ page }) => {
    await page.goto('/kontakt');
    await expect(page.locator('.logo img')).toBeVisible();
    await expect(page.locator('.logo .logo-text')).toBeHidden();
  });
});
