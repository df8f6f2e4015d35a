#!/usr/bin/env node
// npm run device-sim -- --port <udp port> --model <c3320i|c258|4052|227> --serial <serial> --mono <n> --color <n>
// Runs one simulated copier on 127.0.0.1 until stopped (Ctrl+C). Scenario options: --toner,
// --jam, --service, --asleep, --board-swap-after, --grow, --unit, --v3-user/--v3-pass.
import { parseArgs } from 'node:util';
import { startDevice } from './device.mjs';
import { MODELS } from './models.mjs';

const HELP = `Symulowane urządzenie (SNMP na 127.0.0.1)

  npm run device-sim -- --port 16101 --model c3320i --serial AA2J021000001 --mono 12000 --color 3400

  --port <n>            port UDP (wymagany)
  --model <model>       ${Object.keys(MODELS).join(' | ')}
  --serial <numer>      numer seryjny (prtGeneralSerialNumber)
  --mono <n>            licznik czarno-biały do rozliczenia (kopie + wydruki)
  --color <n>           licznik kolorowy do rozliczenia (modele kolorowe)
  --toner <lista>       poziomy tonerów: black=18,cyan=-3 (domyślnie 100; -3 „coś zostało”, -2 nieznany)
  --jam                 zacięcie papieru
  --service             wezwanie serwisu
  --asleep              nie odpowiada (uśpione)
  --board-swap-after <s>  po tylu sekundach wymiana płyty: liczniki od nowa, blisko zera
  --grow <stron/min>    liczniki rosną (wydruki)
  --unit <jednostka>    impressions (domyślnie) | sheets
  --v3-user <nazwa> --v3-pass <hasło>   tylko SNMPv3 (authPriv SHA/AES, jedno hasło do obu kluczy)
  --community <nazwa>   społeczność v2c (domyślnie public)`;

/** @param {string} name @param {string | undefined} text */
function count(name, text) {
  const n = Number(text ?? 0);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name}: liczba całkowita ≥ 0.`);
  return n;
}

/** @param {string | undefined} list */
function toner(list) {
  if (!list) return undefined;
  return Object.fromEntries(
    list.split(',').map((item) => {
      const [colorant, level] = item.split('=');
      const n = Number(level);
      if (!colorant || !Number.isInteger(n) || n < -3 || n > 100)
        throw new Error(`--toner: "${item}" (kolor=poziom, -3…100).`);
      return [colorant.trim(), n];
    }),
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      model: { type: 'string' },
      serial: { type: 'string' },
      mono: { type: 'string' },
      color: { type: 'string' },
      toner: { type: 'string' },
      jam: { type: 'boolean', default: false },
      service: { type: 'boolean', default: false },
      asleep: { type: 'boolean', default: false },
      'board-swap-after': { type: 'string' },
      grow: { type: 'string' },
      unit: { type: 'string', default: 'impressions' },
      'v3-user': { type: 'string' },
      'v3-pass': { type: 'string' },
      community: { type: 'string', default: 'public' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const port = count('port', values.port);
  if (!port || port > 65535) throw new Error('--port: port UDP 1–65535.');
  if (!values.model || !MODELS[values.model]) throw new Error(`--model: ${Object.keys(MODELS).join(', ')}.`);
  if (!values.serial) throw new Error('--serial: numer seryjny.');
  if (values.unit !== 'impressions' && values.unit !== 'sheets') throw new Error('--unit: impressions albo sheets.');
  if (Boolean(values['v3-user']) !== Boolean(values['v3-pass'])) throw new Error('--v3-user i --v3-pass razem.');
  if (values['v3-pass'] && values['v3-pass'].length < 8) throw new Error('--v3-pass: co najmniej 8 znaków.');
  const device = await startDevice({
    model: values.model,
    serial: values.serial,
    mono: count('mono', values.mono),
    color: count('color', values.color),
    port,
    unit: values.unit,
    toner: toner(values.toner),
    jam: values.jam,
    service: values.service,
    asleep: values.asleep,
    community: values.community,
    growPerMinute: count('grow', values.grow),
    v3: values['v3-user']
      ? { user: values['v3-user'], password: /** @type {string} */ (values['v3-pass']) }
      : undefined,
  });
  console.log(
    `Symulowany ${MODELS[values.model]?.descr} ${values.serial} na udp://${device.host}:${device.port}${values.asleep ? ' (uśpiony: nie odpowiada)' : ''}. Ctrl+C kończy.`,
  );
  const swapAfter = values['board-swap-after'];
  if (swapAfter !== undefined) {
    setTimeout(() => {
      device.swapBoard();
      console.log('Wymiana płyty: liczniki od nowa.');
    }, count('board-swap-after', swapAfter) * 1000);
  }
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      device.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
