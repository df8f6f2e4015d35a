/** Polish names the panel shows for stored values. */
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { statusLabel } from '../../widgets/core/status-keys.ts';
import { TICKET_STATUS_LABELS } from '../../widgets/core/service-fields.ts';
import { TONER_STATUS_LABELS } from '../../widgets/core/toner.ts';
import { SPOT_COLOUR_LABELS, type SpotColour } from '../../widgets/core/terms.ts';

export const KIND_LABELS: Record<string, string> = {
  contact: 'Kontakt',
  quote: 'Wycena',
  service: 'Serwis',
  team: 'Zespół',
};

export { LEAD_STATUSES } from '../../worker/admin-shared/admin-validation.ts';
export { leadStatusLabel } from '../../worker/admin-shared/pipeline.ts';

/** A ticket's status (a key) as the team reads it. */
export const ticketStatusLabel = (key: string | null | undefined): string => statusLabel(TICKET_STATUS_LABELS, key);

/** A toner order's status (a key) as the team reads it. */
export const tonerStatusLabel = (key: string | null | undefined): string => statusLabel(TONER_STATUS_LABELS, key);

export const EMAIL_STATE_LABELS: Record<string, string> = {
  pending: 'oczekuje',
  sending: 'wysyłanie',
  sent: 'wysłany',
  failed: 'błąd, ponowi',
  dead: 'niewysłany',
};

/** A stored time as the team reads it, in Warsaw time whatever the browser's zone ('–' for none). */
export const when = (iso: string | null | undefined): string => warsawDateTime(iso) || '–';

/** A package level as the team reads it: 'Premium', never the stored 'premium' ('–' for none). */
export const levelLabel = (level: string | null | undefined): string =>
  level ? (LEVEL_NAMES[level as PackageLevel] ?? level) : '–';

/**
 * How a contract counts its colour devices' single- and two-colour pages, as the panel says it;
 * undefined for a contract of mono devices only (they have no such pages).
 */
export const spotColourText = (contract: {
  spotColour: SpotColour | null;
  devices: readonly { rates: { deviceType: 'mono' | 'color' } }[];
}): string | undefined =>
  contract.devices.some((d) => d.rates.deviceType === 'color')
    ? `Strony w trybach jednego i dwóch kolorów: ${SPOT_COLOUR_LABELS[contract.spotColour ?? 'none']}`
    : undefined;
