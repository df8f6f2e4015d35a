/** What a period's pages cost over the package's allowance (DESIGN §5: mono and colour apart), each amount rounded once. */
import type { Package } from './model.ts';
import { roundToGrosz } from './pricing.ts';

/** Pages printed, mono and colour apart. */
export interface Pages {
  mono: number;
  color: number;
}

export interface Overage {
  included: Pages;
  over: Pages;
  /** PLN net, rounded to the grosz. */
  amountMono: number;
  amountColor: number;
  amount: number;
}

/** What a period's pages cost above the package's limits, `months` times the monthly allowance. */
export function overageOf(pages: Pages, pkg: Package, months = 1): Overage {
  const included = { mono: pkg.monthlyLimit * months, color: (pkg.colorLimit ?? 0) * months };
  const over = { mono: Math.max(0, pages.mono - included.mono), color: Math.max(0, pages.color - included.color) };
  const amountMono = roundToGrosz(over.mono * pkg.overage.mono);
  const amountColor = roundToGrosz(over.color * (pkg.overage.color ?? 0));
  return { included, over, amountMono, amountColor, amount: roundToGrosz(amountMono + amountColor) };
}
