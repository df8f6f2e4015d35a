import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { counts, searchWithView, viewFromSearch, visibleModels, type View } from '../../widgets/models/view.ts';
import { modelsJsonLd } from '../../site/pages/models.tsx';

const models = (view: Partial<View>, limit?: number) =>
  visibleModels(defaultCatalogue, { type: 'all', format: 'all', order: 'popular', ...view }, limit).map((d) => d.model);

describe('the model list', () => {
  describe('in the popular order (spec §4)', () => {
    it('lists all eight: C258, C3320i, bizhub 227, then the rest by lowest price', () => {
      expect(models({})).toEqual(['C258', 'C3320i', 'bizhub 227', '4052', 'C3350i', '308', 'C250i', 'C458']);
    });

    it('with limit 3 is the home page: C258, C3320i, bizhub 227', () => {
      expect(models({}, 3)).toEqual(['C258', 'C3320i', 'bizhub 227']);
    });
  });

  describe('sorted by lowest price', () => {
    it('starts at 4052 (175 zł) and ends at C458 (439 zł)', () => {
      expect(models({ order: 'price' })).toEqual([
        '4052',
        'C3320i',
        'C3350i',
        'bizhub 227',
        '308',
        'C258',
        'C250i',
        'C458',
      ]);
    });
  });

  describe('filtered', () => {
    it.each([
      [{ type: 'mono' }, ['bizhub 227', '4052', '308']],
      [{ type: 'color' }, ['C258', 'C3320i', 'C3350i', 'C250i', 'C458']],
      [{ format: 'A4' }, ['C3320i', '4052', 'C3350i']],
      [{ type: 'color', format: 'A3' }, ['C258', 'C250i', 'C458']],
      [{ type: 'mono', format: 'A4', order: 'price' }, ['4052']],
    ] as [Partial<View>, string[]][])('%o shows %o', (view, expected) => {
      expect(models(view)).toEqual(expected);
    });

    it('counts each option with the other group as it is', () => {
      expect(counts(defaultCatalogue, { type: 'all', format: 'all' })).toEqual({
        type: { all: 8, mono: 3, color: 5 },
        format: { all: 8, A4: 3, A3: 5 },
      });
      expect(counts(defaultCatalogue, { type: 'color', format: 'A4' })).toEqual({
        type: { all: 3, mono: 1, color: 2 },
        format: { all: 5, A4: 2, A3: 3 },
      });
    });
  });
});

describe('the view in the URL', () => {
  const view: View = { type: 'color', format: 'A4', order: 'price', compare: ['km-c3320i', 'km-4052'] };

  it('is written without the defaults and keeps every other parameter', () => {
    expect(searchWithView('?utm_source=news', view, 'popular')).toBe(
      '?utm_source=news&type=color&format=A4&order=price&compare=km-c3320i,km-4052',
    );
    expect(
      searchWithView(
        '?utm_source=news&type=mono&compare=km-227',
        { type: 'all', format: 'all', order: 'popular', compare: [] },
        'popular',
      ),
    ).toBe('?utm_source=news');
    expect(searchWithView('', { ...view, order: 'price' }, 'price')).not.toContain('order=');
  });

  it('is read back as written', () => {
    expect(viewFromSearch(searchWithView('?x=1', view, 'popular'))).toEqual(view);
  });

  it('ignores what it does not know and keeps at most three models to compare', () => {
    expect(viewFromSearch('?type=purple&format=a3&order=cheap&compare=a,b,c,d,<x>')).toEqual({
      format: 'A3',
      compare: ['a', 'b', 'c'],
    });
    expect(viewFromSearch('')).toEqual({});
  });
});

describe('Product data of /modele', () => {
  const data = modelsJsonLd(defaultCatalogue) as {
    itemListElement: {
      item: { model: string; offers: { price: number; priceSpecification: Record<string, unknown> }[] };
    }[];
  };

  it('has one Product per device and one Offer per package, with the catalogue prices, net', () => {
    expect(data.itemListElement).toHaveLength(8);
    for (const { item } of data.itemListElement) {
      const device = defaultCatalogue.devices.find((d) => d.model === item.model)!;
      expect(item.offers.map((o) => o.price)).toEqual(device.packages.map((p) => p.monthlyPrice));
      for (const offer of item.offers) {
        expect(offer.priceSpecification).toMatchObject({
          price: offer.price,
          priceCurrency: 'PLN',
          valueAddedTaxIncluded: false,
          unitCode: 'MON',
        });
      }
    }
  });
});
