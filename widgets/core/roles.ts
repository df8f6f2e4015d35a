/**
 * Roles of the admin panel (issue 18, DESIGN §7) and the ONE table of what each may do.
 * The worker's admin guard enforces it on every request; the panel uses the same table to
 * hide what a role may not open. A route prefix is the first path segment after
 * `/api/admin/` (`leads.csv` counts as `leads`); a prefix missing from the table is the
 * owner's alone, so a new area is closed until it is added here.
 */
export const ROLES = ['owner', 'sales', 'service'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Właściciel',
  sales: 'Sprzedaż',
  service: 'Serwis',
};

const EVERYONE: readonly Role[] = ROLES;

/** Admin API route prefix → the roles allowed to use it (reads and writes alike). */
export const ROUTE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  // The session itself: logging in and out, who am I, my own password and sessions.
  login: EVERYONE,
  logout: EVERYONE,
  session: EVERYONE,
  'set-password': EVERYONE,
  me: EVERYONE,
  leads: ['owner', 'sales'],
  quotes: ['owner', 'sales'],
  stats: ['owner', 'sales'],
  tickets: ['owner', 'sales', 'service'],
  readings: ['owner', 'sales', 'service'],
  devices: ['owner', 'service'],
  // Toner orders from the customer's page: the service team accepts, sends or refuses them.
  toner: ['owner', 'service'],
  // Contracts: the service desk sees devices and reading links; prices change only by owner and sales.
  contracts: ['owner', 'sales', 'service'],
  amendments: ['owner', 'sales'],
  outbox: ['owner'],
  catalogue: ['owner'],
  accounts: ['owner'],
  audit: ['owner'],
  webhooks: ['owner'],
  // Issue 13: export and erasure of a person's data by e-mail address.
  privacy: ['owner'],
};

/** The route prefix of an admin API path (`/api/admin/leads.csv` → `leads`). */
export function routePrefix(path: string): string {
  const segment = path.replace(/^\/api\/admin\/?/, '').split('/')[0] ?? '';
  return segment.replace(/\.[a-z]+$/i, '');
}

/** Whether `role` may use the admin API area `prefix`. */
export const mayUse = (role: Role, prefix: string): boolean => (ROUTE_ROLES[prefix] ?? ['owner']).includes(role);
