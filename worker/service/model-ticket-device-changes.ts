/**
 * Corrections of the device attached to a fault ticket (migration 0101): each is a row
 * with the old and the new device, the reason and who made it, written in one batch with
 * the ticket's new device; the ticket's own row says which device is current, the rows
 * say what it was before. The ticket's promise and deadline follow the device (migration
 * 0375): the row keeps them before and after the change.
 */
export interface TicketDeviceChangeRow {
  id: number;
  ticket_id: string;
  from_device_row: number | null;
  from_serial: string;
  to_device_row: number;
  to_serial: string;
  reason: string;
  actor: string;
  created_at: string;
  from_sla_hours: number | null;
  to_sla_hours: number | null;
  from_due_at: string | null;
  to_due_at: string | null;
}

/** A ticket's promise: its hours and its deadline (ISO). */
export interface TicketClock {
  slaHours: number;
  dueAt: string;
}

/**
 * Moves ticket `ticketId` to device `to`, on the promise `clock` of that device, and records
 * the change with the promise before it (read from the ticket in the same statement); false
 * when the ticket changed meanwhile (its device is no longer `from`), so two desks cannot both
 * correct it.
 */
export async function changeTicketDevice(
  db: D1Database,
  ticketId: string,
  from: { deviceRow: number | null; serial: string },
  to: { deviceRow: number; serial: string; level: string },
  clock: TicketClock,
  reason: string,
  actor: string,
): Promise<boolean> {
  const [change] = await db.batch([
    db
      .prepare(
        `INSERT INTO ticket_device_changes (ticket_id, from_device_row, from_serial, to_device_row, to_serial, reason, actor,
           from_sla_hours, to_sla_hours, from_due_at, to_due_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, sla_hours, ?8, due_at, ?9 FROM service_tickets
         WHERE id = ?1 AND device_row IS ?2 AND serial = ?3`,
      )
      .bind(ticketId, from.deviceRow, from.serial, to.deviceRow, to.serial, reason, actor, clock.slaHours, clock.dueAt),
    db
      .prepare(
        `UPDATE service_tickets SET device_row = ?2, serial = ?3, known_device = 1, level = ?4, sla_hours = ?7, due_at = ?8
         WHERE id = ?1 AND device_row IS ?5 AND serial = ?6`,
      )
      .bind(ticketId, to.deviceRow, to.serial, to.level, from.deviceRow, from.serial, clock.slaHours, clock.dueAt),
  ]);
  return (change?.meta.changes ?? 0) === 1;
}

/** The device corrections of a ticket, oldest first. */
export async function deviceChangesOf(db: D1Database, ticketId: string): Promise<TicketDeviceChangeRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM ticket_device_changes WHERE ticket_id = ? ORDER BY id')
    .bind(ticketId)
    .all<TicketDeviceChangeRow>();
  return results;
}
