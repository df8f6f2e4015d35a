// Webhook endpoints go to the public internet only: every spelling of loopback, private,
// link-local (cloud metadata), CGNAT, ULA and internal names is refused, and so is a name
// that spells such an address (127.0.0.1.nip.io), whatever the switch for local development
// says about plain http to this machine. A name whose DNS answer is private cannot be
// checked here; a deployed Worker cannot reach a private network (webhook-validation.ts).
import { describe, expect, it } from 'vitest';
import { WEBHOOK_ERRORS, webhookUrlProblem } from '../../worker/admin-shared/webhook-validation.ts';

const REFUSED = [
  // loopback, every spelling
  'https://127.0.0.1/h',
  'https://localhost/h',
  'https://LOCALHOST./h',
  'https://api.localhost/h',
  'https://[::1]/h',
  'https://0.0.0.0/h',
  'https://2130706433/h',
  'https://127.1/h',
  'https://0x7f.0.0.1/h',
  'https://0177.0.0.1/h',
  'https://127.0.0.1.:8443/h',
  'https://[::ffff:127.0.0.1]/h',
  'https://[::ffff:7f00:1]/h',
  'https://[0:0:0:0:0:0:0:1]/h',
  'https://[::]/h',
  // link-local and cloud metadata
  'https://169.254.169.254/latest/meta-data/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://[fe80::1]/h',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/h',
  // RFC 1918, CGNAT, ULA, NAT64 and 6to4 wrappers of them
  'https://10.0.0.1/h',
  'https://172.16.5.4/h',
  'https://172.31.255.255/h',
  'https://192.168.1.10/h',
  'https://100.64.0.1/h',
  'https://100.127.255.254/h',
  'https://[fc00::1]/h',
  'https://[fdff:ffff::1]/h',
  'https://[64:ff9b::a00:1]/h',
  'https://[2002:a00:1::1]/h',
  // other addresses that are nobody's server: multicast, broadcast, documentation, benchmarking
  'https://224.0.0.1/h',
  'https://255.255.255.255/h',
  'https://192.0.2.1/h',
  'https://198.18.0.1/h',
  'https://[ff02::1]/h',
  'https://[2001:db8::1]/h',
  'https://crm.local/h',
  'https://router.home.arpa/h',
  // names that spell a private address (the public wildcard-DNS services answer with it) and
  // the loopback names of /etc/hosts
  'https://127.0.0.1.nip.io/h',
  'https://crm.10.0.0.5.nip.io/h',
  'https://10-0-0-1.sslip.io/h',
  'https://crm-192-168-1-10.sslip.io/h',
  'https://169-254-169-254.sslip.io/latest/meta-data/',
  'https://localhost.localdomain/h',
  'https://ip6-localhost/h',
  // public names whose every subdomain resolves to 127.0.0.1 (localtest.me was once accepted),
  // an address as 8 hex digits, a `localhost` label anywhere
  'https://localtest.me/h',
  'https://crm.localtest.me/h',
  'https://LOCALTEST.ME./h',
  'https://lvh.me/h',
  'https://a.b.vcap.me/h',
  'https://7f000001.nip.io/h',
  'https://crm-0a000001.sslip.io/h',
  'https://localhost.example.pl/h',
];

const ACCEPTED = [
  'https://crm.example.pl/webhooks/kserowo',
  'https://hooks.zapier.com/hooks/catch/1/abc/',
  'https://8.8.8.8/h',
  'https://172.32.0.1/h',
  'https://100.128.0.1/h',
  'https://[2606:4700:4700::1111]/h',
  // a public address spelt in a name, and names with digits and dashes that spell no address
  'https://8-8-8-8.sslip.io/h',
  'https://srv-10.example.pl/h',
  'https://2024-crm.example.pl/h',
  // names that only look like the loopback ones
  'https://mylocaltest.me/h',
  'https://localtest.me.example.pl/h',
  'https://deadbeef.example.pl/h',
];

describe('webhookUrlProblem', () => {
  it.each(REFUSED)('refuses %s', (url) => {
    expect(webhookUrlProblem(url, false)).toBe(WEBHOOK_ERRORS.privateAddress);
  });

  it.each(ACCEPTED)('accepts %s', (url) => {
    expect(webhookUrlProblem(url, false)).toBeUndefined();
  });

  it('lets this machine receive only under the development switch', () => {
    for (const url of [
      'http://127.0.0.1:8818/h',
      'http://localhost:8818/h',
      'https://127.0.0.1/h',
      'https://[::1]/h',
    ]) {
      expect(webhookUrlProblem(url, true), url).toBeUndefined();
      expect(webhookUrlProblem(url, false), url).toBeDefined();
    }
    // The switch is for this machine only: the rest stays refused.
    for (const url of [
      'https://10.0.0.1/h',
      'https://169.254.169.254/h',
      'https://metadata.google.internal/',
      'https://[fd00:ec2::254]/',
    ])
      expect(webhookUrlProblem(url, true), url).toBe(WEBHOOK_ERRORS.privateAddress);
    expect(webhookUrlProblem('http://10.0.0.1/h', true)).toBeDefined();
    expect(webhookUrlProblem('http://crm.example.pl/h', true)).toBe(WEBHOOK_ERRORS.url);
  });
});
