/**
 * The attribution rule itself, pure (no D1): what a lead's `partner` becomes given the partner's
 * row and the request's `Origin` (worker/leads/partners.ts reads the row; docs/partners.md
 * "Partners as data").
 */
export interface Attribution {
  partner?: string | undefined;
  [key: string]: string | undefined;
}

/** What attribution needs to know of a registered partner. */
export interface RegisteredPartner {
  domains: string[];
  active: boolean;
}

/** Whether `origin` (the request's `Origin` header) is on one of `domains` or a subdomain of one. */
export function originOnDomains(origin: string | null | undefined, domains: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(origin ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  return domains.some((d) => {
    const domain = d.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/**
 * The rule itself, pure: `registered` is the partner's row (null: no such partner; 'unknown':
 * the register could not be read).
 */
export function attributedBy<A extends Attribution>(
  attribution: A | undefined,
  registered: RegisteredPartner | null | 'unknown',
  origin: string | null | undefined,
): A | Omit<A, 'partner'> | undefined {
  if (!attribution?.partner) return attribution;
  const { partner, ...rest } = attribution;
  if (registered === null) return { ...rest, partner_unregistered: partner };
  if (registered === 'unknown' || !registered.active || !originOnDomains(origin, registered.domains))
    return { ...rest, partner_unconfirmed: partner };
  return attribution;
}
