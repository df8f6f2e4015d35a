/** Polish names the panel shows for stored values. */
export const KIND_LABELS: Record<string, string> = { contact: 'Kontakt', quote: 'Wycena', service: 'Serwis' };

export { LEAD_STATUSES } from '../../widgets/core/admin-validation.ts';

export const EMAIL_STATE_LABELS: Record<string, string> = {
  pending: 'oczekuje',
  sending: 'wysyłanie',
  sent: 'wysłany',
  failed: 'błąd, ponowi',
  dead: 'niewysłany',
};

export const when = (iso: string | null | undefined): string => {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'short' });
};
