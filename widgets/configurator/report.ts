/** What the configurator tells the host page (events) and analytics about steps and leads. */
import { pixel, track } from '../core/analytics.ts';
import { emit } from '../core/events.ts';
import type { Device, Package, PackageLevel } from '../core/model.ts';
import type { QuoteAnswer } from './parts.tsx';
import type { Step } from './state.ts';

export function reportStep(host: HTMLElement | undefined, step: Step, device?: Device, pkg?: Package): void {
  emit(host, 'kserowo:step', {
    step,
    ...(device ? { deviceId: device.id } : {}),
    ...(pkg ? { level: pkg.level } : {}),
  });
  track({
    event: 'configurator_step',
    event_category: 'configurator',
    event_action: `step_${step}`,
    event_label: `${device?.id ?? ''}/${pkg?.level ?? ''}`,
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
  emit(host, 'kserowo:lead', { kind: 'quote', number: answer.number, value: 100, currency: 'PLN' });
  track({
    event: 'generate_lead',
    event_category: 'lead',
    event_action: 'quote',
    event_label: `${device.id}/${level}`,
    value: 100,
    currency: 'PLN',
    device_id: device.id,
    package_level: level,
    monthly_net: answer.quote.monthlyNet,
  });
  pixel('track', 'Lead', { value: 100, currency: 'PLN' });
  pixel('track', 'CompleteRegistration');
}
