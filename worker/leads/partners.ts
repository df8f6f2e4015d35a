/**
 * Only registered partners are attributed. A partner is registered by adding its id to
 * `PARTNERS` (comma-separated, `[vars]` of wrangler.toml; docs/partners-round4.md): the id we
 * give the partner for its `partner="…"` attribute. A lead sent with any other `partner`
 * value keeps it as `partner_unregistered` (nothing typed is lost, the team can register it
 * later), but the statistics, filters, e-mails and CRM see no partner for it.
 */
export interface Attribution {
  partner?: string | undefined;
  [key: string]: string | undefined;
}

/** The registered ids of `PARTNERS`. */
export const registeredPartners = (configured: string | undefined): Set<string> =>
  new Set(
    (configured ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );

/** `attribution` with its `partner` only when that partner is registered. */
export function attributed<A extends Attribution>(attribution: A | undefined, configured: string | undefined) {
  if (!attribution?.partner || registeredPartners(configured).has(attribution.partner)) return attribution;
  const { partner, ...rest } = attribution;
  return { ...rest, partner_unregistered: partner };
}
