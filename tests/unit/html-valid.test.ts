// Every page the site build writes is valid HTML by html-validate's standard rules (the
// worker's own pages are checked beside them, e.g. worker/orders/order-page.node.test.ts).
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage, routes } from '../../site/build.tsx';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';

const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/**
 * `href=""` is a valid URL (this very page): the fallbacks' 'Spróbuj ponownie' reloads the
 * page that way without JavaScript. html-validate reads it as a missing value.
 */
const reloadLink = (m: { ruleId: string; message: string }) =>
  m.ruleId === 'attribute-allowed-values' && m.message === 'Attribute "href" is missing value';

describe('the built pages', () => {
  // html-validate loads its rules on the first page it sees (seconds on a loaded machine): once, before the pages' own budgets.
  beforeAll(() => validator.validateString('<!doctype html><html lang="pl"><title>x</title></html>'), 60_000);
  for (const route of routes)
    it(`${route.path} is valid HTML`, async () => {
      const report = await validator.validateString(renderPage(route, defaultCatalogue, assets), route.file);
      const messages = report.results.flatMap((r) => r.messages.filter((m) => !reloadLink(m)));
      expect(messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`)).toEqual([]);
    });
});
