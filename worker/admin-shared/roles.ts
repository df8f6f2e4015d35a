/**
 * Roles of the admin panel (DESIGN §7) and the ONE table of what each may do.
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

const PARTNER_OWNER_ONLY = 'Partnerów dodaje, zmienia, wstrzymuje i rozlicza tylko właściciel.';

/** Admin API route prefix → the roles allowed to use it (reads and writes alike). */
export const ROUTE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  // The session itself: logging in and out, who am I, my own password and sessions.
  login: EVERYONE,
  logout: EVERYONE,
  session: EVERYONE,
  'set-password': EVERYONE,
  // The e-mailed unlock of a fresh browser while strangers' guesses hold the account locked (no session).
  unlock: EVERYONE,
  me: EVERYONE,
  leads: ['owner', 'sales'],
  quotes: ['owner', 'sales'],
  // Orders online: sales follow them; the service team records the installation protocol.
  orders: ['owner', 'sales', 'service'],
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
  // Export and erasure of a person's data by e-mail address.
  privacy: ['owner'],
  // Invoices: sales see the register and the copies; issuing and correcting are the owner's (RESTRICTED_ROUTES).
  invoices: ['owner', 'sales'],
  // Bank statements (the company's account) are the owner's; invoices' payment states the sales team follows too.
  'bank-statements': ['owner'],
  payments: ['owner', 'sales'],
  // Collectors on customers' networks: the service desk follows their state; creating one (its enrolment code) is the owner's (RESTRICTED_WRITES).
  collectors: ['owner', 'service'],
  // Partners: the sales team sees the register and statements; adding, editing, pausing and settling are the owner's.
  partners: ['owner', 'sales'],
};

/**
 * The roles that see a device's reading link in the contracts list: those who send it to a
 * customer again (the service desk, the owner). The link is the key to the device's bill;
 * the others see that it exists, not the link.
 */
export const READING_LINK_ROLES: readonly Role[] = ['owner', 'service'];

/**
 * Routes narrower than their area: method and prefix (`POST invoices`), or method, prefix and
 * the action after a record's id (`POST orders/:id/verify`), → the roles allowed, and what the
 * others are told. Permanent deletion of a lead is GDPR erasure, the owner's alone; the
 * sales team closes a lead as lost or spam instead. Verifying an order's company by hand lets
 * a contract start in that company's name, so it is the owner's alone; the
 * evidence pack carries the signer's IP and browser, the owner's too.
 */
export const RESTRICTED_ROUTES: Readonly<Record<string, { roles: readonly Role[]; error: string }>> = {
  'DELETE leads': {
    roles: ['owner'],
    error: 'Trwałe usunięcie leada (RODO) może wykonać tylko właściciel. Zamknij lead jako przegrany lub spam.',
  },
  'POST invoices': {
    roles: ['owner'],
    error: 'Faktury i korekty wystawia tylko właściciel.',
  },
  'POST orders/:id/verify': {
    roles: ['owner'],
    error:
      'Firmę zamówienia weryfikuje ręcznie tylko właściciel (dokument albo telefon pod numer z rejestru). Poproś go o to albo poczekaj na przelew z rachunku z wykazu.',
  },
  'GET orders/:id/evidence': {
    roles: ['owner'],
    error: 'Pakiet dowodów zamówienia (IP i przeglądarka podpisującego) pobiera tylko właściciel.',
  },
  'POST collectors': {
    roles: ['owner'],
    error: 'Kolektor i jego kod rejestracji tworzy tylko właściciel.',
  },
  'POST partners': { roles: ['owner'], error: PARTNER_OWNER_ONLY },
  'PATCH partners': { roles: ['owner'], error: PARTNER_OWNER_ONLY },
};

/** The route prefix of an admin API path (`/api/admin/leads.csv` → `leads`). */
export function routePrefix(path: string): string {
  const segment = path.replace(/^\/api\/admin\/?/, '').split('/')[0] ?? '';
  return segment.replace(/\.[a-z]+$/i, '');
}

/** Whether `role` may use the admin API area `prefix`. */
export const mayUse = (role: Role, prefix: string): boolean => (ROUTE_ROLES[prefix] ?? ['owner']).includes(role);

/** The row of `RESTRICTED_ROUTES` that narrows one request, if any (the action's row first, then the area's). */
export function restrictionOf(method: string, path: string): { roles: readonly Role[]; error: string } | undefined {
  const parts = path.replace(/^\/api\/admin\/?/, '').split('/');
  const prefix = routePrefix(path);
  const action = parts.length === 3 && parts[2] ? RESTRICTED_ROUTES[`${method} ${prefix}/:id/${parts[2]}`] : undefined;
  return action ?? RESTRICTED_ROUTES[`${method} ${prefix}`];
}

/** The roles allowed one request (`DELETE`, `/api/admin/leads/…`): the area's, narrowed by `RESTRICTED_ROUTES`. */
export function rolesOfRequest(method: string, path: string): readonly Role[] {
  const area = ROUTE_ROLES[routePrefix(path)] ?? ['owner'];
  const narrower = restrictionOf(method, path);
  return narrower ? area.filter((r) => narrower.roles.includes(r)) : area;
}
