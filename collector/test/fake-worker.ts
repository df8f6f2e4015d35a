// A small stand-in of the Worker's collector API, built from the protocol (docs/collector.md):
// enrolment with one-time codes, HMAC-checked pushes (time window, replays), idempotent storage
// on (serial, at, counters) and pushId. Its "database" outlives a restart of the server.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Stored {
  serial: string;
  at: string;
  counters: Record<string, number>;
  unit: string;
  profileChecked: boolean;
  raw: Record<string, unknown>;
}

export interface FakeDatabase {
  codes: Set<string>;
  collectors: Map<string, string>;
  readings: Map<string, Stored>;
  pushIds: Set<string>;
  signatures: Set<string>;
  failures: Array<{ host: string; at: string; reason: string }>;
  refused: Array<{ status: number; why: string }>;
}

export const newDatabase = (codes: string[] = []): FakeDatabase => ({
  codes: new Set(codes),
  collectors: new Map(),
  readings: new Map(),
  pushIds: new Set(),
  signatures: new Set(),
  failures: [],
  refused: [],
});

export interface FakeWorker {
  url: string;
  port: number;
  /** What the next push meets: stored and then the connection cut before the answer (a network cut). */
  cutAfterStoring: boolean;
  stop(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const answer = (response: ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
};

/** Starts the stand-in on 127.0.0.1 (port 0: a free one; a restart passes the old port). */
export async function startFakeWorker(db: FakeDatabase, port = 0): Promise<FakeWorker> {
  const worker = { cutAfterStoring: false } as FakeWorker;
  const server: Server = createServer(async (request, response) => {
    const raw = await body(request);
    if (request.method === 'POST' && request.url === '/api/collector/enrol') {
      const code = (JSON.parse(raw || '{}') as { code?: unknown }).code;
      if (typeof code !== 'string' || !db.codes.delete(code)) {
        return answer(response, 401, { error: 'Kod jest nieprawidłowy, wykorzystany albo wygasł.' });
      }
      const collectorId = `col_${db.collectors.size + 1}`;
      const key = randomBytes(32).toString('base64url');
      db.collectors.set(collectorId, key);
      return answer(response, 201, { collectorId, key });
    }
    if (request.method === 'POST' && request.url === '/api/collector/readings') {
      const refuse = (why: string) => {
        db.refused.push({ status: 401, why });
        answer(response, 401, { error: 'Podpis kolektora jest nieprawidłowy.' });
      };
      const id = String(request.headers['x-collector-id'] ?? '');
      const time = Number(request.headers['x-collector-time']);
      const signature = String(request.headers['x-collector-signature'] ?? '');
      const key = db.collectors.get(id);
      if (!key) return refuse('unknown collector');
      if (!Number.isInteger(time) || Math.abs(Date.now() / 1000 - time) > 300) return refuse('time');
      const expected = createHmac('sha256', key).update(`${time}\n${raw}`).digest('hex');
      const given = Buffer.from(signature, 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) {
        return refuse('signature');
      }
      if (db.signatures.has(signature)) return refuse('replay');
      db.signatures.add(signature);
      const push = JSON.parse(raw) as {
        pushId: string;
        readings: Array<Stored & Record<string, unknown>>;
        failures: FakeDatabase['failures'];
      };
      let stored = 0;
      let duplicates = 0;
      for (const reading of push.readings) {
        const identity = `${reading.serial}|${reading.at}|${JSON.stringify(reading.counters)}`;
        if (db.readings.has(identity)) {
          duplicates += 1;
          continue;
        }
        db.readings.set(identity, {
          serial: reading.serial,
          at: reading.at,
          counters: reading.counters,
          unit: reading.unit,
          profileChecked: reading.profileChecked,
          raw: reading,
        });
        stored += 1;
      }
      if (!db.pushIds.has(push.pushId)) db.failures.push(...push.failures);
      db.pushIds.add(push.pushId);
      if (worker.cutAfterStoring) {
        worker.cutAfterStoring = false;
        request.socket.destroy();
        return;
      }
      const held = push.readings.filter((r) => !r.profileChecked).length;
      return answer(response, 200, { stored, duplicates, held, unknown: 0 });
    }
    answer(response, 404, { error: 'Nie ma takiej strony.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  worker.port = (server.address() as AddressInfo).port;
  worker.url = `http://127.0.0.1:${worker.port}`;
  worker.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return worker;
}
