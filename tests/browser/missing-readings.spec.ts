// Before the month's invoices, in 'Faktury': the devices under contract last month with no reading
// of it, each with its reading link and the team's reading as the way out, at 375 and 1280 px, by
// keyboard, with no axe violations. Screenshots when KSEROWO_SCREENSHOTS names a folder.
import { expect, test } from '@playwright/test';
import { lastMonth } from '../../site/admin/months.ts';
import { axeViolationsIn, logIn } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;

/** A contract of one C3320i started four months ago, read on the 28th of the month before last only. */
async function seed(tag: string): Promise<string> {
  const d = new Date();
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 4, 1)).toISOString().slice(0, 10);
  const before = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 28)).toISOString().slice(0, 10);
  const serial = `BO${tag}`;
  const seq = 700_000 + Number(tag.slice(-5));
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by, company_address)
       VALUES ('bo-${tag}', printf('UM-2024-%06d', ${seq}), 2024, ${seq}, 'Biuro Bez Odczytu ${tag}', '5260250274', 'bo-${tag}@biuro.pl', '${start}', 36, 0, 'test', 'ul. Długa 5, 80-001 Gdańsk');
     INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, contract_id, reading_token)
       VALUES ('${serial}', 'km-c3320i', 'basic', '${start}', 36, 'Biuro Bez Odczytu ${tag}', 'bo-${tag}@biuro.pl', 'bo-${tag}', 'tok-bo-${tag}');
     INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
       monthly_price, monthly_limit, color_limit, overage_mono, overage_color, created_by)
     SELECT id, '${start}', 0, 'km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'basic', 195, 900, 150, 0.08, 0.22, 'test'
       FROM devices WHERE serial = '${serial}';
     INSERT INTO meter_readings (device_row, read_on, mono, color, sent_by, source)
     SELECT id, '${before}', 1000, 200, 'zespół', 'team' FROM devices WHERE serial = '${serial}';`,
  );
  return serial;
}

for (const width of [375, 1280])
  test(`'Faktury' lists last month's devices without a reading, with the reading link as the way out (${width} px)`, async ({
    page,
  }) => {
    const tag = `${width}${String(Date.now()).slice(-5)}`;
    const serial = await seed(tag);
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'Właściciel');
    await page.goto('/admin#faktury');
    const section = page.getByRole('region', { name: `Urządzenia bez odczytu za ${lastMonth()}` });
    await expect(section).toBeVisible();
    const row = section.getByRole('row').filter({ hasText: serial });
    await expect(row).toContainText(`Biuro Bez Odczytu ${tag}`);
    await expect(row).toContainText('Konica Minolta bizhub C3320i');
    const d = new Date();
    await expect(row).toContainText(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 28)).toISOString().slice(0, 10),
    );
    // The way out: the device's own reading link (the owner sees it), and the team's reading.
    await expect(row.getByRole('link', { name: `Link do odczytu ${serial}` })).toHaveAttribute(
      'href',
      new RegExp(`/licznik\\?t=tok-bo-${tag}$`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolationsIn(page, 'section.missing-readings')).toEqual([]);
    if (shots) await section.screenshot({ path: `${shots}/missing-readings-${width}.png` });

    // By keyboard: 'Wpisz odczyt' opens 'Odczyty' on the device.
    const enter = row.getByRole('link', { name: `Wpisz odczyt ${serial}` });
    await enter.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Odczyty liczników', level: 1 })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Odczyt zespołu' }).getByLabel('Numer seryjny')).toHaveValue(serial);
  });
