/**
 * The device catalogue of spec §3: the one source of every price, page limit
 * and overage. The site build and the worker import it from here; widgets read the
 * page's copy and load this module only as a fallback. The admin may publish a newer
 * version to D1, which then replaces it (DESIGN §4).
 *
 * Feature lines are marketing copy (spec: "not shown") and may be edited freely;
 * numbers may only change together with the spec.
 */
import type { Catalogue, Device, DeviceType, Overage, PackageLevel, PaperFormat } from './model.ts';

type Row = [level: PackageLevel, monthlyPrice: number, monthlyLimit: number, colorLimit?: number];

function device(
  id: string,
  model: string,
  type: DeviceType,
  format: PaperFormat,
  overage: Overage,
  rows: Row[],
  features: string[],
): Device {
  return {
    id,
    name: `Konica Minolta bizhub ${model.replace(/^bizhub /, '')}`,
    model,
    type,
    format,
    features,
    packages: rows.map(([level, monthlyPrice, monthlyLimit, colorLimit]) => ({
      level,
      monthlyPrice,
      monthlyLimit,
      ...(colorLimit === undefined ? {} : { colorLimit }),
      overage: { ...overage },
    })),
    isRefurbished: true,
  };
}

/** The built-in catalogue: spec §3, row by row. */
export const defaultCatalogue: Catalogue = {
  version: 0,
  devices: [
    device(
      'km-227',
      'bizhub 227',
      'mono',
      'A3',
      { mono: 0.04 },
      [
        ['basic', 219, 1000],
        ['business', 229, 2000],
        ['premium', 239, 3500],
      ],
      [
        'Druk i kopiowanie 22 str./min, format do A3',
        'Druk dwustronny (dupleks)',
        'Skanowanie w kolorze do e-maila i folderu sieciowego',
        'Praca w sieci, druk z każdego komputera w biurze',
      ],
    ),
    device(
      'km-308',
      '308',
      'mono',
      'A3',
      { mono: 0.04 },
      [
        ['basic', 229, 1000],
        ['business', 235, 2000],
        ['premium', 239, 3500],
      ],
      [
        'Druk i kopiowanie 30 str./min, format do A3',
        'Druk dwustronny (dupleks) i automatyczny podajnik dokumentów',
        'Skanowanie w kolorze do e-maila, folderu i na USB',
        'Praca w sieci, dotykowy panel 9 cali',
      ],
    ),
    device(
      'km-4052',
      '4052',
      'mono',
      'A4',
      { mono: 0.05 },
      [
        ['basic', 175, 1000],
        ['business', 199, 2000],
        ['premium', 239, 4000],
      ],
      [
        'Druk i kopiowanie 52 str./min, format A4',
        'Druk dwustronny (dupleks)',
        'Szybkie skanowanie dwustronne do e-maila i folderu',
        'Praca w sieci, druk z telefonu i tabletu',
      ],
    ),
    device(
      'km-c3320i',
      'C3320i',
      'color',
      'A4',
      { mono: 0.08, color: 0.22 },
      [
        ['basic', 195, 900, 150],
        ['business', 235, 1800, 350],
        ['premium', 279, 2800, 600],
      ],
      [
        'Druk i kopiowanie w kolorze 33 str./min, format A4',
        'Druk dwustronny (dupleks)',
        'Skanowanie w kolorze do e-maila, folderu i chmury',
        'Praca w sieci i Wi-Fi, dotykowy panel 7 cali',
      ],
    ),
    device(
      'km-c3350i',
      'C3350i',
      'color',
      'A4',
      { mono: 0.09, color: 0.24 },
      [
        ['basic', 199, 800, 200],
        ['business', 239, 1600, 400],
        ['premium', 289, 2500, 700],
      ],
      [
        'Druk i kopiowanie w kolorze 33 str./min, format A4',
        'Druk dwustronny i jednoprzebiegowe skanowanie dwustronne',
        'Skanowanie w kolorze do e-maila, folderu i chmury',
        'Praca w sieci i Wi-Fi, dotykowy panel 10 cali',
      ],
    ),
    device(
      'km-c250i',
      'C250i',
      'color',
      'A3',
      { mono: 0.04, color: 0.18 },
      [
        ['basic', 429, 1500, 500],
        ['business', 459, 3000, 1000],
        ['premium', 499, 5000, 2000],
      ],
      [
        'Druk i kopiowanie w kolorze 25 str./min, format do A3',
        'Druk dwustronny (dupleks) i podajnik dokumentów',
        'Skanowanie w kolorze do e-maila, folderu i chmury',
        'Praca w sieci, panel dotykowy 10 cali jak w tablecie',
      ],
    ),
    device(
      'km-c258',
      'C258',
      'color',
      'A3',
      { mono: 0.04, color: 0.19 },
      [
        ['basic', 309, 1500, 500],
        ['business', 335, 3000, 1000],
        ['premium', 375, 5000, 2000],
      ],
      [
        'Druk i kopiowanie w kolorze 25 str./min, format do A3',
        'Druk dwustronny (dupleks) i podajnik dokumentów',
        'Skanowanie w kolorze do e-maila, folderu i na USB',
        'Praca w sieci, dotykowy panel 9 cali',
      ],
    ),
    device(
      'km-c458',
      'C458',
      'color',
      'A3',
      { mono: 0.04, color: 0.19 },
      [
        ['basic', 439, 2500, 800],
        ['business', 475, 5000, 1500],
        ['premium', 545, 10000, 3000],
      ],
      [
        'Druk i kopiowanie w kolorze 45 str./min, format do A3',
        'Druk dwustronny i szybkie skanowanie dwustronne',
        'Skanowanie w kolorze do e-maila, folderu i chmury',
        'Praca w sieci, duże kasety na papier do dużych nakładów',
        'Opcjonalny finiszer (zszywanie dokumentów)',
      ],
    ),
  ],
};
