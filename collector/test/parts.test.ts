// The collector's rules without a network: what --hosts names, when the long-running mode polls,
// and that every profile says where its OIDs come from and whether it was checked.
import { describe, expect, it } from 'vitest';
import { COUNTER_NAMES, loadProfiles, profileFor } from '../profiles.mjs';
import { nextPollAt, pushesOf } from '../run.mjs';
import { PUSH_READINGS } from '../client.mjs';
import { PUSH_READINGS as WORKER_PUSH_READINGS } from '../../worker/collector/push.ts';
import { parseTargets } from '../targets.mjs';
import { errorNames, errorOctets } from '../printer-mib.mjs';

describe('--hosts', () => {
  it('expands a /24 to its 254 hosts on port 161, a dashed range, and a host with its port', () => {
    const hosts = parseTargets('192.168.1.0/24, 10.0.0.10-20, drukarka:1161, 10.0.0.15');
    expect(hosts).toHaveLength(254 + 11 + 1);
    expect(hosts[0]).toEqual({ host: '192.168.1.1', port: 161, explicit: false });
    expect(hosts[253]).toEqual({ host: '192.168.1.254', port: 161, explicit: false });
    expect(hosts.at(-1)).toEqual({ host: 'drukarka', port: 1161, explicit: true });
    expect(parseTargets('127.0.0.0/30:16100').map((t) => `${t.host}:${t.port}`)).toEqual([
      '127.0.0.1:16100',
      '127.0.0.2:16100',
    ]);
  });

  it('refuses what it cannot read, and a range past 4096 addresses, in Polish', () => {
    expect(() => parseTargets('10.0.0.0/8')).toThrow('ponad 4096 adresów');
    expect(() => parseTargets('10.0.0.300')).toThrow('Zły adres IPv4');
    expect(() => parseTargets('10.0.0.20-10')).toThrow('kończy się przed początkiem');
    expect(() => parseTargets(' , ')).toThrow('co najmniej jeden adres');
  });
});

describe('the long-running mode', () => {
  const hours = (n: number) => n * 3_600_000;

  it('polls every few hours', () => {
    const now = new Date(2026, 10, 12, 9, 0);
    expect(nextPollAt(now, hours(4))).toEqual(new Date(2026, 10, 12, 13, 0));
  });

  it('polls at 18:00 on the month’s last day even between two regular polls', () => {
    expect(nextPollAt(new Date(2026, 10, 30, 16, 30), hours(4))).toEqual(new Date(2026, 10, 30, 18, 0));
    // February of a common year ends on the 28th.
    expect(nextPollAt(new Date(2027, 1, 28, 15, 0), hours(4))).toEqual(new Date(2027, 1, 28, 18, 0));
    expect(nextPollAt(new Date(2026, 10, 30, 18, 30), hours(4))).toEqual(new Date(2026, 10, 30, 22, 30));
  });
});

describe('the profiles', () => {
  const profiles = loadProfiles();

  it('say for each counter where its OID comes from, and whether a counter screen confirmed them', () => {
    expect(profiles.map((p) => p.id)).toEqual(['km-bizhub-a4', 'km-bizhub-i', 'km-bizhub', 'printer-mib']);
    for (const profile of profiles) {
      expect(typeof profile.checkedAgainstCounterScreen).toBe('boolean');
      for (const [name, counter] of Object.entries(profile.counters)) {
        expect(COUNTER_NAMES).toContain(name);
        expect(counter.source.length).toBeGreaterThan(10);
      }
    }
  });

  it('match the simulated models and fall back to the Printer-MIB for any other printer', () => {
    expect(profileFor(profiles, 'bizhub C3320i').id).toBe('km-bizhub-i');
    expect(profileFor(profiles, 'bizhub C258').id).toBe('km-bizhub');
    expect(profileFor(profiles, 'bizhub 227').id).toBe('km-bizhub');
    expect(profileFor(profiles, 'bizhub 4052').id).toBe('km-bizhub-a4');
    expect(profileFor(profiles, 'HP LaserJet M507').id).toBe('printer-mib');
  });
});

describe('hrPrinterDetectedErrorState', () => {
  it('reads bit 0 as the first octet’s top bit (RFC 3805), past the first octet too', () => {
    // jammed is bit 5 (0x04 of the first octet), serviceRequested bit 7 (0x01), overduePreventMaint bit 14 (0x02 of the second).
    expect(errorOctets(['jammed', 'serviceRequested', 'overduePreventMaint'])).toEqual(Buffer.from([0x05, 0x02]));
    expect(errorNames(Buffer.from([0x05, 0x02]))).toEqual(['jammed', 'serviceRequested', 'overduePreventMaint']);
    expect(errorNames(Buffer.from([0x00]))).toEqual([]);
  });
});

describe('a poll’s pushes', () => {
  it('splits 100 readings into pushes of 40, 40 and 20, the failed hosts with the first, each its own pushId', () => {
    // Only the readings' order and count matter here: each stands for a device's reading.
    const readings = Array.from({ length: 100 }, (_, i) => ({ serial: `S${i}` })) as unknown as Parameters<
      typeof pushesOf
    >[0];
    const failures: Parameters<typeof pushesOf>[1] = [
      { host: '10.0.0.9', at: '2026-12-03T06:00:00.000Z', reason: 'timeout' },
    ];
    const pushes = pushesOf(readings, failures, '2026-12-03T06:00:00.000Z');
    expect(pushes.map((p) => p.readings.length)).toEqual([40, 40, 20]);
    // The Worker takes as many as the collector sends, and no more (one number on each side of the protocol).
    expect(PUSH_READINGS).toBe(WORKER_PUSH_READINGS);
    expect(pushes.map((p) => p.failures.length)).toEqual([1, 0, 0]);
    expect(pushes.flatMap((p) => p.readings)).toEqual(readings);
    expect(new Set(pushes.map((p) => p.pushId)).size).toBe(3);
    // A poll of failures only is one push, as before.
    expect(
      pushesOf([], failures, '2026-12-03T06:00:00.000Z').map((p) => [p.readings.length, p.failures.length]),
    ).toEqual([[0, 1]]);
  });
});
