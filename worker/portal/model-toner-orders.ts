/**
 * Toner orders (migration 0151): one row per colour, rows of an order share its number.
 * An order, its e-mails and its webhook event `toner.ordered` are stored in one D1 batch;
 * the partial unique index keeps one cartridge per colour and device in flight.
 */
import type { TonerColour, TonerStatus } from '../../widgets/core/toner.ts';
import type { Notification } from '../outbox/index.ts';

export { TONER_STATUSES, type TonerStatus } from '../../widgets/core/toner.ts';
/** Statuses of a cartridge still on its way to the customer. */
export const IN_FLIGHT: readonly TonerStatus[] = ['awaiting_approval', 'accepted', 'shipped'];

/** Written into the e-mails before the batch; the batch replaces it with the order's number. */
export const ORDER_NUMBER_PLACEHOLDER = '{{NUMER_ZAMOWIENIA}}';

export interface TonerOrderRow {
  id: number;
  order_no: string;
  year: number;
  seq: number;
  device_row: number;
  colour: TonerColour;
  status: TonerStatus;
  justified: number;
  mono_at: number | null;
  color_at: number | null;
  ordered_by: string;
  note: string | null;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewTonerLine {
  colour: TonerColour;
  justified: boolean;
}

/** Every order line of the given devices (JSON array of registry ids), newest first. */
export async function tonerOrdersOfDevices(db: D1Database, deviceRowsJson: string): Promise<TonerOrderRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM toner_orders WHERE device_row IN (SELECT value FROM json_each(?1))
       ORDER BY created_at DESC, id DESC LIMIT 500`,
    )
    .bind(deviceRowsJson)
    .all<TonerOrderRow>();
  return results;
}

/** The last line of each colour of a device that was not refused: the baseline of the next order. */
export async function lastOrderPerColour(db: D1Database, deviceRow: number): Promise<TonerOrderRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM toner_orders t WHERE device_row = ?1 AND status != 'rejected'
         AND id = (SELECT MAX(id) FROM toner_orders WHERE device_row = ?1 AND colour = t.colour AND status != 'rejected')`,
    )
    .bind(deviceRow)
    .all<TonerOrderRow>();
  return results;
}

export class ColourInFlight extends Error {}

/**
 * Stores an order's lines, the customer's confirmation, the team's e-mail and the webhook
 * event in one batch; the e-mails' `ORDER_NUMBER_PLACEHOLDER` becomes the number. Throws
 * `ColourInFlight` when a colour already has a cartridge in flight (also in a race).
 */
export async function storeTonerOrder(
  db: D1Database,
  order: {
    deviceRow: number;
    lines: NewTonerLine[];
    counters: { mono: number; color: number | null } | undefined;
    orderedBy: string;
    note: string | null;
    now: Date;
    event: Record<string, unknown>;
  },
  mails: Notification[],
): Promise<{ orderNo: string; lines: TonerOrderRow[]; mailIds: number[] }> {
  const year = order.now.getUTCFullYear();
  const created = order.now.toISOString();
  const inserts = order.lines.map((line, i) =>
    db
      .prepare(
        `INSERT INTO toner_orders (order_no, year, seq, device_row, colour, status, justified, mono_at, color_at,
           ordered_by, note, created_at, updated_at)
         SELECT printf('TON-%04d-%06d', ?1, n), ?1, n, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10
         FROM (SELECT COALESCE(MAX(seq), 0) + ?11 AS n FROM toner_orders WHERE year = ?1)`,
      )
      .bind(
        year,
        order.deviceRow,
        line.colour,
        line.justified ? 'accepted' : 'awaiting_approval',
        line.justified ? 1 : 0,
        order.counters?.mono ?? null,
        order.counters?.color ?? null,
        order.orderedBy,
        order.note,
        created,
        // The first line takes the next number, the others the same one.
        i === 0 ? 1 : 0,
      ),
  );
  const numberNow = '(SELECT order_no FROM toner_orders WHERE id = (SELECT MAX(id) FROM toner_orders))';
  const mailStatements = mails.map((mail) =>
    db
      .prepare(
        `INSERT INTO outbox (about, recipient, reply_to, subject, body)
         SELECT 'toner:' || o, ?1, ?2, replace(?3, ?5, o), replace(?4, ?5, o) FROM (SELECT ${numberNow} AS o)
         RETURNING id`,
      )
      .bind(mail.recipient, mail.replyTo ?? null, mail.subject, mail.body, ORDER_NUMBER_PLACEHOLDER),
  );
  const event = db
    .prepare(
      `INSERT INTO webhook_events (id, type, created, data)
       SELECT ?1, 'toner.ordered', ?2, json_set(?3, '$.number', ${numberNow})`,
    )
    .bind(
      `evt_${[...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
      Math.floor(order.now.getTime() / 1000),
      JSON.stringify(order.event),
    );
  let results: D1Result[];
  try {
    results = await db.batch([
      ...inserts,
      ...mailStatements,
      event,
      db.prepare(`SELECT * FROM toner_orders WHERE order_no = ${numberNow} ORDER BY id`),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed: toner_orders/i.test(String((error as Error)?.message ?? error)))
      throw new ColourInFlight('a colour is in flight');
    throw error;
  }
  const lines = (results.at(-1)?.results ?? []) as TonerOrderRow[];
  const mailIds = results
    .slice(inserts.length, inserts.length + mails.length)
    .map((r) => (r.results[0] as { id: number } | undefined)?.id)
    .filter((id): id is number => id !== undefined);
  return { orderNo: lines[0]?.order_no ?? '', lines, mailIds };
}

/** Where a page of toner orders starts: after the line with this time and id (newest first). */
export type TonerOrderKey = [createdAt: string, id: number];

export const tonerOrderKey = (row: TonerOrderRow): TonerOrderKey => [row.created_at, row.id];

/** Orders for the admin, newest first; `status` narrows to one. A keyset page: `limit + 1` rows after `after`. */
export async function listTonerOrders(
  db: D1Database,
  status?: TonerStatus,
  { limit = 100, after }: { limit?: number; after?: TonerOrderKey | undefined } = {},
): Promise<(TonerOrderRow & { serial: string; company: string; device_id: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT t.*, d.serial, d.company, d.device_id FROM toner_orders t JOIN devices d ON d.id = t.device_row
       WHERE ${status ? 't.status = ?1' : '?1 IS NULL'}${after ? ' AND (t.created_at, t.id) < (?3, ?4)' : ''}
       ORDER BY t.created_at DESC, t.id DESC LIMIT ?2`,
    )
    .bind(status ?? null, limit + 1, ...(after ?? []))
    .all<TonerOrderRow & { serial: string; company: string; device_id: string }>();
  return results;
}

/**
 * The team's decision on one line (accept, send, deliver, refuse); false when there is no
 * such line. A refused or delivered cartridge leaves flight, so its colour can be ordered again.
 */
export async function setTonerStatus(
  db: D1Database,
  id: number,
  status: TonerStatus,
  actor: string,
): Promise<TonerOrderRow | null> {
  return db
    .prepare(
      `UPDATE toner_orders SET status = ?2, handled_by = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?1 RETURNING *`,
    )
    .bind(id, status, actor)
    .first<TonerOrderRow>();
}

/*
 * A person's data (worker/privacy): the portal user's address is `ordered_by`, and the
 * note is theirs. Anonymising keeps the line (device, colour, counters, status): it is the
 * contract's supply of consumables, with nothing of the person left in it.
 */

/** The order lines one address ordered, oldest first. */
export async function tonerOrdersOfEmail(db: D1Database, email: string): Promise<TonerOrderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM toner_orders WHERE ordered_by = ?1 ORDER BY created_at, id')
    .bind(email)
    .all<TonerOrderRow>();
  return results;
}

/** Lines created before `cutoff` (ISO) that still name who ordered them, oldest first, at most `limit`. */
export async function tonerOrderIdsToAnonymise(
  db: D1Database,
  cutoff: string,
  erasedName: string,
  limit: number,
): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT id FROM toner_orders WHERE created_at < ?1 AND ordered_by != ?2 ORDER BY created_at LIMIT ?3')
    .bind(cutoff, erasedName, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The statement that anonymises order lines (JSON array of ids): who ordered and their note go. */
export const anonymiseTonerOrdersStatement = (
  db: D1Database,
  idsJson: string,
  erasedName: string,
): D1PreparedStatement =>
  db
    .prepare('UPDATE toner_orders SET ordered_by = ?2, note = NULL WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(idsJson, erasedName);
