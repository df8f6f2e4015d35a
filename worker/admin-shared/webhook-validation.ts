/**
 * Webhooks to a CRM (DESIGN §7): the event types and the owner's endpoint form.
 * Only HTTPS to a public host; this machine (`http://127.0.0.1`, `http://localhost`) only
 * where the worker runs with WEBHOOKS_ALLOW_LOCAL_HTTP = "1" (tests, local development).
 */
import * as v from 'valibot';

export const WEBHOOK_EVENTS = [
  'lead.created',
  'quote.created',
  'lead.status_changed',
  'lead.assigned',
  'lead.stage_changed',
  'ticket.created',
  'ticket.status_changed',
  'meter.created',
  'order.signed',
  'order.installed',
  'toner.ordered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'nowy lead (kontakt i wycena)',
  'quote.created': 'nowa wycena z konfiguratora',
  'lead.status_changed': 'zmiana statusu leada',
  'lead.assigned': 'przypisanie leada osobie (z opiekunem)',
  'lead.stage_changed': 'zmiana etapu leada w lejku (z opiekunem)',
  'ticket.created': 'nowe zgłoszenie serwisowe',
  'ticket.status_changed': 'zmiana statusu zgłoszenia',
  'meter.created': 'nowy odczyt licznika',
  'order.signed': 'zamówienie online podpisane kodem',
  'order.installed': 'zamówienie zainstalowane (protokół instalacji)',
  'toner.ordered': 'zamówienie tonera ze strefy klienta',
};

export const WEBHOOK_ERRORS = {
  url: 'Podaj pełny adres HTTPS odbiorcy (np. https://crm.example.pl/webhooks/kserowo).',
  localUrl: 'Adresy http:// są dozwolone tylko dla 127.0.0.1 i localhost w trybie testowym.',
  privateAddress:
    'Adres odbiorcy musi być publicznym serwerem w internecie: adresy lokalne, prywatne, link-local, metadanych chmury i nazwy wewnętrzne są niedozwolone.',
  events: 'Wybierz co najmniej jedno zdarzenie z listy.',
} as const;

/** Names that only mean something inside a network (mDNS, cloud metadata, home routers, /etc/hosts). */
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.localdomain',
  '.internal',
  '.home.arpa',
  '.arpa',
  '.lan',
  '.intranet',
];

/**
 * IPv4 networks that are nobody's public server ([address, prefix length]): "this network",
 * RFC 1918, CGNAT, loopback, link-local (cloud metadata 169.254.169.254), IETF protocol
 * assignments, documentation, benchmarking, multicast, reserved and broadcast.
 */
const NON_PUBLIC_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];

/**
 * Public names whose every subdomain resolves to this machine (127.0.0.1, ::1): a receiver
 * there is the Worker's own host in `wrangler dev`. `localtest.me` and `*.localtest.me` were
 * accepted until an attack saved one; `lvh.me`, `vcap.me` and the others are the same trick.
 */
const LOOPBACK_DOMAINS = [
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'lacolhost.com',
  'localho.st',
  'smackaho.st',
  'fuf.me',
  'ulh.us',
  'yoogle.com',
  '127.0.0.1.nip.io',
  'localhost.direct',
];

/** Whether a name is, or is under, one of the names that resolve to this machine, or has a `localhost` label. */
const namesLoopback = (host: string): boolean =>
  host.split('.').includes('localhost') ||
  LOOPBACK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** The 32-bit value of a dotted IPv4 address (as the URL parser writes every spelling of one), or undefined. */
function ipv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

const publicV4 = (n: number): boolean =>
  !NON_PUBLIC_V4.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));

/** The eight 16-bit groups of an IPv6 address (without brackets), or undefined. */
function ipv6(host: string): number[] | undefined {
  const halves = host.split('::');
  if (halves.length > 2) return undefined;
  const groups = (text: string | undefined) => (text ? text.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((g) => /^[\da-f]{1,4}$/i.test(g))) return undefined;
  return all.map((g) => Number.parseInt(g, 16));
}

/**
 * Only global unicast (2000::/3) is public; within it documentation (2001:db8::/32),
 * Teredo (2001::/32) and 6to4 (2002::/16, which wraps an IPv4 address) are refused too.
 * Everything else (::1, ::, IPv4-mapped and NAT64 wrappers, ULA fc00::/7 with AWS's
 * metadata fd00:ec2::254, link-local fe80::/10, multicast) is not a receiver's server.
 */
const publicV6 = (g: number[]): boolean => {
  const [a = 0, b = 0] = g;
  if ((a & 0xe000) !== 0x2000) return false;
  if (a === 0x2001 && (b === 0x0db8 || b === 0)) return false;
  return a !== 0x2002;
};

/** Whether a URL's host (as `URL.hostname` writes it) is this machine: the development switch's exception. */
const isLoopbackHost = (host: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(host);

/**
 * Whether a name spells a non-public IPv4 address, as the public wildcard-DNS services
 * answer for it: four labels in a row (127.0.0.1.nip.io, crm.10.0.0.5.nip.io), a label
 * ending in one with dashes (10-0-0-1.sslip.io, crm-192-168-1-10.sslip.io) or in 8 hex
 * digits (7f000001.nip.io).
 */
function spellsPrivateV4(host: string): boolean {
  const labels = host.split('.');
  for (let i = 0; i + 4 <= labels.length; i++) {
    const n = ipv4(labels.slice(i, i + 4).join('.'));
    if (n !== undefined && !publicV4(n)) return true;
  }
  return labels.some((label) => {
    const dashed = /(?:^|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/.exec(label)?.[1];
    // nip.io and sslip.io also read an address as 8 hex digits (7f000001.nip.io is 127.0.0.1).
    const hex = /(?:^|-)([\da-f]{8})$/i.exec(label)?.[1];
    const n = dashed ? ipv4(dashed.replaceAll('-', '.')) : hex ? Number.parseInt(hex, 16) : undefined;
    return n !== undefined && !publicV4(n);
  });
}

/**
 * Whether a URL's host may receive webhooks: a public name or a public address. The URL
 * parser first writes every spelling of an IPv4 address in dotted form (2130706433,
 * 127.1, 0x7f.0.0.1 and 0177.0.0.1 are all 127.0.0.1) and IPv6 in hex groups.
 *
 * What can be checked here is checked: literal addresses, the names of this machine and of
 * internal networks, and names that spell a private address. What a name resolves to
 * cannot be: the answer may change after the check (DNS rebinding), and a Worker has no
 * DNS API of its own. It does not need one: a deployed Worker's `fetch` leaves from
 * Cloudflare's edge to the public internet, outside every private network (ours and the
 * customer's), and Cloudflare does not connect a subrequest to a loopback or private
 * address, so a name that resolves to one reaches no private server in production; only
 * `wrangler dev` on this machine could, which is why plain http to this machine needs the
 * development switch (`WEBHOOKS_ALLOW_LOCAL_HTTP`) and nothing else private is allowed even then.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = ipv6(host.slice(1, -1));
    return !!groups && publicV6(groups);
  }
  const v4 = ipv4(host);
  if (v4 !== undefined) return publicV4(v4);
  // A name with no dot (localhost, metadata, intranet) is resolved inside some network.
  if (!host.includes('.')) return false;
  if (spellsPrivateV4(host) || namesLoopback(host)) return false;
  return !INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Whether `url` may receive webhooks: https to a public host; this machine (127.0.0.1,
 * localhost, [::1], http or https) only where `allowLocalHttp` (the development switch).
 * Checked when an endpoint is saved and again before every delivery.
 */
export function webhookUrlProblem(url: string, allowLocalHttp: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_ERRORS.url;
  }
  if (parsed.username || parsed.password) return WEBHOOK_ERRORS.url;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return WEBHOOK_ERRORS.url;
  if (isLoopbackHost(parsed.hostname) && allowLocalHttp) return undefined;
  if (parsed.protocol === 'http:')
    return isLoopbackHost(parsed.hostname) ? WEBHOOK_ERRORS.localUrl : WEBHOOK_ERRORS.url;
  return isPublicHost(parsed.hostname) ? undefined : WEBHOOK_ERRORS.privateAddress;
}

/** Length limits of the webhook form, for the schema and the admin's inputs. */
export const WEBHOOK_LIMITS = { url: 500 } as const;

export const endpointSchema = v.object({
  url: v.pipe(v.string(WEBHOOK_ERRORS.url), v.trim(), v.maxLength(WEBHOOK_LIMITS.url, WEBHOOK_ERRORS.url)),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, WEBHOOK_ERRORS.events), WEBHOOK_ERRORS.events),
    v.minLength(1, WEBHOOK_ERRORS.events),
  ),
  active: v.optional(v.boolean(), true),
});

export const endpointChangeSchema = v.object({
  events: v.optional(endpointSchema.entries.events),
  active: v.optional(v.boolean()),
  /** true: a new secret (the old one stops signing at once). */
  rotateSecret: v.optional(v.boolean()),
});
