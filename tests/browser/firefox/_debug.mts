import { base, click, defined, expectText, fill, find, launchFirefox, newPage, texts } from './browser.ts';
const b2 = await launchFirefox();
try {
  const page = await newPage(b2);
  await page.goto(`${base}/modele`);
  await defined(page, 'kserowo-models');
  await click(page, { host: 'kserowo-models', selector: 'label.cmp', text: /C258$/ });
  await click(page, { host: 'kserowo-models', selector: 'label.cmp', text: /4052$/ });
  await click(page, { host: 'kserowo-models', selector: '.bar button', text: 'Porównaj modele (2)' });
  await new Promise((r) => setTimeout(r, 1000));
  console.log(
    await page.evaluate(() => {
      const r = document.querySelector('kserowo-models')!.shadowRoot!;
      const d = r.querySelector('dialog');
      return [
        d?.open,
        d?.checkVisibility(),
        r.querySelector('dialog table')?.checkVisibility(),
        d?.outerHTML.slice(0, 300),
      ];
    }),
  );
  await page.screenshot({ path: '/tmp/ff-models.png' });
} finally {
  await b2.close();
}
