import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';

// Spec §3, the catalogue table, copied verbatim: every row is checked against the module.
const SPEC_TABLE = `
| km-227 | bizhub 227 | mono A3 | 219/1000 | 229/2000 | 239/3500 | 0.04 | – |
| km-308 | 308 | mono A3 | 229/1000 | 235/2000 | 239/3500 | 0.04 | – |
| km-4052 | 4052 | mono A4 | 175/1000 | 199/2000 | 239/4000 | 0.05 | – |
| km-c3320i | C3320i | color A4 | 195/900 (150) | 235/1800 (350) | 279/2800 (600) | 0.08 | 0.22 |
| km-c3350i | C3350i | color A4 | 199/800 (200) | 239/1600 (400) | 289/2500 (700) | 0.09 | 0.24 |
| km-c250i | C250i | color A3 | 429/1500 (500) | 459/3000 (1000) | 499/5000 (2000) | 0.04 | 0.18 |
| km-c258 | C258 | color A3 | 309/1500 (500) | 335/3000 (1000) | 375/5000 (2000) | 0.04 | 0.19 |
| km-c458 | C458 | color A3 | 439/2500 (800) | 475/5000 (1500) | 545/10000 (3000) | 0.04 | 0.19 |
`;

interface SpecRow {
  id: string;
  model: string;
  type: string;
  format: string;
  packages: { price: number; limit: number; color?: number }[];
  overMono: number;
  overColor?: number;
}

const rows: SpecRow[] = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [id = '', model = '', typeFormat = '', b = '', bu = '', p = '', om = '', oc = ''] = cells;
    const [type = '', format = ''] = typeFormat.split(' ');
    const pkg = (cell: string) => {
      const m = /^(\d+)\/(\d+)(?: \((\d+)\))?$/.exec(cell);
      if (!m) throw new Error(`bad cell ${cell}`);
      return { price: Number(m[1]), limit: Number(m[2]), ...(m[3] ? { color: Number(m[3]) } : {}) };
    };
    return {
      id,
      model,
      type,
      format,
      packages: [pkg(b), pkg(bu), pkg(p)],
      overMono: Number(om),
      ...(oc === '–' ? {} : { overColor: Number(oc) }),
    };
  });

describe('the catalogue (spec §3)', () => {
  it('has the 8 devices of the spec, in its order', () => {
    expect(defaultCatalogue.devices.map((d) => d.id)).toEqual(rows.map((r) => r.id));
  });

  describe.each(rows)('$id', (row) => {
    const device = defaultCatalogue.devices.find((d) => d.id === row.id);

    it('has the model, type, format and name of the spec', () => {
      expect(device?.model).toBe(row.model);
      expect(device?.type).toBe(row.type);
      expect(device?.format).toBe(row.format);
      expect(device?.name).toBe(`Konica Minolta bizhub ${row.model.replace('bizhub ', '')}`);
      expect(device?.isRefurbished).toBe(true);
    });

    it('has the prices, limits, colour limits and overage of the spec', () => {
      expect(device?.packages.map((p) => p.level)).toEqual(['basic', 'business', 'premium']);
      device?.packages.forEach((pkg, i) => {
        const spec = row.packages[i];
        expect(pkg.monthlyPrice).toBe(spec?.price);
        expect(pkg.monthlyLimit).toBe(spec?.limit);
        expect(pkg.colorLimit).toBe(spec?.color);
        expect(pkg.overage.mono).toBe(row.overMono);
        expect(pkg.overage.color).toBe(row.overColor);
      });
    });

    it('has 3 to 5 feature lines', () => {
      expect(device?.features.length).toBeGreaterThanOrEqual(3);
      expect(device?.features.length).toBeLessThanOrEqual(5);
    });
  });

  it('names the models exactly as DESIGN §5 lists them', () => {
    expect(defaultCatalogue.devices.map((d) => d.model).sort()).toEqual(
      ['bizhub 227', '308', '4052', 'C3320i', 'C3350i', 'C250i', 'C258', 'C458'].sort(),
    );
    expect(defaultCatalogue.devices.find((d) => d.id === 'km-c258')?.name).toBe('Konica Minolta bizhub C258');
  });
});
