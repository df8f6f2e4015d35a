/** What the configurator tells the host page (events) and analytics about steps and leads. */
import { LEAD_VALUE, pixel, track } from '../core/analytics.ts';
import { emit } from '../core/events.ts';
import type { Device, Package, PackageLevel } from '../core/model.ts';
import type { QuoteAnswer } from './parts.tsx';
import type { Step } from './state.ts';
import type { Estimated } from './state.ts';

/** The monthly volume and the saving against the current contract, when known. */
export interface Figures {
  volume_mono?: number;
  volume_color?: number;
  savings_monthly?: number;
}

export function figures(choices: { mono: string; color: string }, calc: Estimated): Figures {
  const mono = Number(choices.mono) || 0;
  const color = Number(choices.color) || 0;
  const saving = calc.comparison?.result?.monthly.net;
  return {
    ...(mono || color ? { volume_mono: mono, volume_color: color } : {}),
    ...(saving !== undefined ? { savings_monthly: saving } : {}),
  };
}

export function reportStep(
  host: HTMLElement | undefined,
  step: Step,
  device?: Device,
  pkg?: Package,
  known: Figures = {},
): void {
  emit(host, 'kserowo:step', {
    step,
    ...(device ? { deviceId: device.id } : {}),
    ...(pkg ? { level: pkg.level } : {}),
    ...known,
  });
  track({
    event: 'configurator_step',
    event_category: 'configurator',
    event_action: `step_${step}`,
    event_label: `${device?.id ?? ''}/${pkg?.level ?? ''}`,
    ...known,
  });
  pixel('trackCustom', 'ConfiguratorStep', { step, device_id: device?.id, package_level: pkg?.level });
}

/** The secret id stays here: host pages and analytics get the human number only. */
export function reportLead(
  host: HTMLElement | undefined,
  answer: QuoteAnswer,
  device: Device,
  level: PackageLevel,
): void {
  // The server's figures: the volume it priced and the saving it recomputed.
  const v = answer.quote.volume;
  const known: Figures = {
    ...(v.mono || v.color ? { volume_mono: v.mono, volume_color: v.color ?? 0 } : {}),
    ...(answer.savingsMonthly !== undefined ? { savings_monthly: answer.savingsMonthly } : {}),
  };
  emit(host, 'kserowo:lead', {
    kind: 'quote',
    ...(answer.number ? { number: answer.number } : {}),
    value: LEAD_VALUE,
    currency: 'PLN',
    ...known,
  });
  track({
    event: 'generate_lead',
    event_category: 'lead',
    event_action: 'quote',
    event_label: `${device.id}/${level}`,
    value: LEAD_VALUE,
    currency: 'PLN',
    device_id: device.id,
    package_level: level,
    monthly_net: answer.quote.monthlyNet,
    ...known,
  });
  pixel('track', 'Lead', { value: LEAD_VALUE, currency: 'PLN' });
  pixel('track', 'CompleteRegistration');
}
