#!/usr/bin/env node
// kserowo-collector: reads the copiers' counters on this network over SNMP and sends them,
// signed, to Kserowo. `--once` polls once and exits (a scheduled task, a systemd timer); without
// it the collector keeps running and polls every few hours and on the month's last day.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiBase, RefusedError } from './client.mjs';
import { loadProfiles } from './profiles.mjs';
import { nextPollAt, runOnce } from './run.mjs';
import { parseTargets } from './targets.mjs';

const HELP = `Kolektor liczników Kserowo

  kserowo-collector --api https://kserowo.pl --code <kod z panelu> --hosts 192.168.1.0/24 --state /var/lib/kserowo/state.json --once

  --api <URL>          adres Kserowo (https://; http:// tylko dla 127.0.0.1/localhost)
  --code <kod>         jednorazowy kod z panelu (tylko przy pierwszym uruchomieniu)
  --hosts <lista>      adresy i zakresy po przecinku: 192.168.1.50, drukarka:1161, 192.168.1.0/24, 192.168.1.10-40
  --state <plik>       plik stanu z kluczem kolektora (tworzony z prawami 0600)
  --once               jeden odczyt, wysyłka i koniec (bez tego: praca ciągła)
  --every <godziny>    co ile godzin odczyt w pracy ciągłej (domyślnie 4; także ostatniego dnia miesiąca o 18:00)
  --community <nazwa>  społeczność SNMP v2c tylko do odczytu (domyślnie public)
  --v3-user <nazwa>    użytkownik SNMPv3 (authPriv, SHA/AES); hasła w KSEROWO_SNMP_AUTH_PASS i KSEROWO_SNMP_PRIV_PASS
                       (albo --v3-auth-pass / --v3-priv-pass); po jednym odrzuceniu urządzenie nie jest pytane do zmiany haseł
  --v3-hosts <lista>   które adresy pytać przez SNMPv3 (domyślnie wszystkie, gdy podano --v3-user)
  --timeout <ms>       czas na odpowiedź urządzenia (domyślnie 2000, jedno ponowienie)
  --concurrency <n>    ile urządzeń naraz (domyślnie 64)

Kody wyjścia: 0 wysłane, 1 Kserowo odmówiło (kod, klucz), 2 zła konfiguracja, 3 brak połączenia (odczyty czekają w pliku stanu).`;

/** @param {string[]} argv */
function config(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      code: { type: 'string' },
      hosts: { type: 'string' },
      state: { type: 'string' },
      once: { type: 'boolean', default: false },
      every: { type: 'string', default: '4' },
      community: { type: 'string', default: 'public' },
      'v3-user': { type: 'string' },
      'v3-auth-pass': { type: 'string' },
      'v3-priv-pass': { type: 'string' },
      'v3-hosts': { type: 'string' },
      timeout: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '64' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return undefined;
  if (!values.api) throw new Error('Brak --api (adres Kserowo).');
  if (!values.hosts) throw new Error('Brak --hosts (adresy urządzeń).');
  if (!values.state) throw new Error('Brak --state (plik stanu kolektora).');
  const number = (
    /** @type {string} */ name,
    /** @type {string} */ text,
    /** @type {number} */ min,
    /** @type {number} */ max,
  ) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name}: liczba od ${min} do ${max}.`);
    return n;
  };
  const authKey = values['v3-auth-pass'] ?? process.env.KSEROWO_SNMP_AUTH_PASS;
  const privKey = values['v3-priv-pass'] ?? process.env.KSEROWO_SNMP_PRIV_PASS ?? authKey;
  const user = values['v3-user'];
  if (user && (!authKey || authKey.length < 8 || !privKey || privKey.length < 8)) {
    throw new Error('SNMPv3: hasła (uwierzytelnienia i szyfrowania) muszą mieć co najmniej 8 znaków.');
  }
  const v3Hosts = values['v3-hosts']
    ? new Set(parseTargets(values['v3-hosts']).map((t) => `${t.host}:${t.port}`))
    : undefined;
  return {
    api: apiBase(values.api),
    code: values.code,
    targets: parseTargets(values.hosts),
    stateFile: path.resolve(values.state),
    once: values.once,
    everyMs: number('every', values.every, 0.25, 24) * 3_600_000,
    poll: {
      profiles: loadProfiles(),
      community: values.community,
      v3: user
        ? { user, authKey: /** @type {string} */ (authKey), privKey: /** @type {string} */ (privKey) }
        : undefined,
      usesV3: (/** @type {import('./targets.mjs').HostTarget} */ t) => !v3Hosts || v3Hosts.has(`${t.host}:${t.port}`),
      timeoutMs: number('timeout', values.timeout, 100, 30_000),
      concurrency: number('concurrency', values.concurrency, 1, 256),
    },
  };
}

/** @param {string} line */
const log = (line) => console.log(`${new Date().toISOString()} ${line}`);

async function main() {
  let settings;
  try {
    settings = config(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error('kserowo-collector --help: opis opcji.');
    return 2;
  }
  if (!settings) {
    console.log(HELP);
    return 0;
  }
  const run = async () => {
    try {
      const summary = await runOnce({ ...settings, log });
      return summary.waiting > 0 ? 3 : 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return error instanceof RefusedError ? 1 : 3;
    }
  };
  if (settings.once) return run();

  let stopping = false;
  /** @type {(() => void) | undefined} */
  let wake;
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      stopping = true;
      wake?.();
    });
  }
  while (!stopping) {
    const code = await run();
    if (code === 1) return 1; // a refused code or key: polling on would only be refused again
    const next = nextPollAt(new Date(), settings.everyMs);
    log(`Następny odczyt: ${next.toISOString()}.`);
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, next.getTime() - Date.now()));
      wake = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
    });
  }
  return 0;
}

process.exitCode = await main();
