// <kserowo-configurator> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { answer, mount, violations } from '../../tests/components/mount.ts';
import { LEVEL_NAMES } from '../core/model.ts';
import { T } from './copy.ts';
import { C } from '../kit/estimate/copy.ts';

const cfg = (page: Page) => page.locator('kserowo-configurator');
const level = (page: Page, name: string) => cfg(page).getByRole('radio', { name: new RegExp(`^${name}`) });

test.describe('<kserowo-configurator>', () => {
  test.describe('without attributes', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-configurator></kserowo-configurator>'));

    test('starts at the device step and asks for a device before going on', async ({ page }) => {
      await expect(cfg(page).getByRole('heading', { level: 2 })).toContainText(T.headings[0]);
      await cfg(page).getByRole('button', { name: T.next }).click();
      await expect(cfg(page).getByText(T.chooseDevice)).toBeVisible();
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-configurator')).toEqual([]);
    });
  });

  test.describe('with the device and the package chosen by the host', () => {
    test.beforeEach(async ({ page }) =>
      mount(page, '<kserowo-configurator device="km-c3320i" package="basic"></kserowo-configurator>'),
    );

    test('keeps the chosen package when a stated volume recommends another, and quotes the chosen one', async ({
      page,
    }) => {
      await expect(cfg(page).getByRole('heading', { level: 2 })).toContainText(T.headings[1]);
      await expect(level(page, LEVEL_NAMES.basic)).toBeChecked();
      // 2 800 mono and 600 colour pages: Premium costs least on the C3320i.
      await cfg(page).getByLabel(T.monoPages).fill('2800');
      await cfg(page).getByLabel(T.colorPages).fill('600');
      await expect(cfg(page).locator('label').filter({ hasText: T.recommended })).toContainText(LEVEL_NAMES.premium);
      await expect(level(page, LEVEL_NAMES.basic)).toBeChecked();

      const sent = await answer(page, '/api/quotes', 201, {
        ok: true,
        id: 'a'.repeat(32),
        number: 'KS-2026-000123',
        url: 'http://127.0.0.1/wycena/aaa',
        quote: { monthlyNet: 195, monthlyGross: 239.85 },
      });
      await cfg(page).getByRole('button', { name: T.next }).click();
      await expect(cfg(page).getByText(LEVEL_NAMES.basic, { exact: true })).toBeVisible();
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.name}`) })
        .fill('Anna Nowak');
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.email}`) })
        .fill('anna@firma.pl');
      await cfg(page).getByRole('button', { name: T.send }).click();
      await expect(cfg(page).getByText(T.doneTitle('KS-2026-000123'))).toBeVisible();
      expect(sent).toEqual([expect.objectContaining({ deviceId: 'km-c3320i', level: 'basic' })]);
    });

    test("says the estimated cost in the locative: 'przy 2250 stronach mono i 300 stronach kolorowych'", async ({
      page,
    }) => {
      await cfg(page).getByLabel(T.monoPages).fill('2250');
      await cfg(page).getByLabel(T.colorPages).fill('300');
      await cfg(page).getByRole('button', { name: T.next }).click();
      await expect(
        cfg(page).getByText('Szacunkowy koszt przy 2250 stronach mono i 300 stronach kolorowych', { exact: true }),
      ).toBeVisible();
    });

    test('shows the quote and its page when the server keeps it on its queue (202, the number comes later)', async ({
      page,
    }) => {
      await answer(page, '/api/quotes', 202, {
        ok: true,
        id: 'b'.repeat(32),
        number: null,
        url: 'http://127.0.0.1/wycena/bbb',
        quote: { monthlyNet: 195, monthlyGross: 239.85, volume: { mono: 0 } },
      });
      await cfg(page).getByRole('button', { name: T.next }).click();
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.name}`) })
        .fill('Anna Nowak');
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.email}`) })
        .fill('anna@firma.pl');
      await cfg(page).getByRole('button', { name: T.send }).click();
      await expect(cfg(page).getByText(T.doneTitle(null))).toBeVisible();
      await expect(cfg(page).getByRole('link', { name: T.doneLink })).toHaveAttribute(
        'href',
        'http://127.0.0.1/wycena/bbb',
      );
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-configurator')).toEqual([]);
    });
  });

  test.describe('with an A3 device and the estimate of a visitor who needs A3', () => {
    test.beforeEach(async ({ page }) =>
      mount(page, '<kserowo-configurator device="km-227" package="basic"></kserowo-configurator>'),
    );

    test('sends the A3 need with the estimate, so the advice kept with the quote looks at A3 devices only', async ({
      page,
    }) => {
      await cfg(page).getByRole('button', { name: T.dontKnow }).click();
      await cfg(page).getByRole('tab', { name: C.tabProfile }).click();
      // Four people printing an average 250 pages: 1 000 mono pages a month.
      await cfg(page).getByLabel(C.people).fill('4');
      await cfg(page).getByRole('checkbox', { name: C.a3 }).check();
      await cfg(page).getByRole('button', { name: C.calculate }).click();
      await expect(cfg(page).getByLabel(T.monoPages)).toHaveValue('1000');
      const sent = await answer(page, '/api/quotes', 201, {
        ok: true,
        id: 'c'.repeat(32),
        number: 'KS-2026-000124',
        url: 'http://127.0.0.1/wycena/ccc',
        quote: { monthlyNet: 219, monthlyGross: 269.37 },
      });
      await cfg(page).getByRole('button', { name: T.next }).click();
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.name}`) })
        .fill('Biuro Projektowe');
      await cfg(page)
        .getByRole('textbox', { name: new RegExp(`^${T.email}`) })
        .fill('biuro@projekty.pl');
      await cfg(page).getByRole('button', { name: T.send }).click();
      await expect(cfg(page).getByText(T.doneTitle('KS-2026-000124'))).toBeVisible();
      expect(sent).toEqual([
        expect.objectContaining({ deviceId: 'km-227', volume: { mono: 1000, color: 0 }, a3: true }),
      ]);
    });
  });
});
