/**
 * Devices the team moved to another collector site (migration 0515): `collector_moved_devices`,
 * one row a device, read once a push (`movesOfSite`) and written by the panel's move (`moveDevice`).
 */

/** What a site's push needs: the devices moved to it (with their own contracts) and its contract's devices moved away. */
export interface SiteMoves {
  /** Device row → its contract, for the devices of other contracts moved to this site. */
  into: Map<number, string>;
  /** This contract's devices moved to another site. */
  away: Set<number>;
}

export async function movesOfSite(db: D1Database, siteId: string, contractId: string): Promise<SiteMoves> {
  const { results } = await db
    .prepare(
      `SELECT m.device_row, m.site_id, d.contract_id FROM collector_moved_devices m JOIN devices d ON d.id = m.device_row
       WHERE m.site_id = ?1
       UNION
       SELECT m.device_row, m.site_id, d.contract_id FROM devices d JOIN collector_moved_devices m ON m.device_row = d.id
       WHERE d.contract_id = ?2`,
    )
    .bind(siteId, contractId)
    .all<{ device_row: number; site_id: string; contract_id: string | null }>();
  const moves: SiteMoves = { into: new Map(), away: new Set() };
  for (const m of results) {
    if (m.site_id !== siteId) moves.away.add(m.device_row);
    else if (m.contract_id && m.contract_id !== contractId) moves.into.set(m.device_row, m.contract_id);
  }
  return moves;
}

/**
 * Moves device `deviceRow` to site `siteId`, or back to its own contract's site (`siteId` null):
 * the previous site, if it had been moved before, or null.
 */
export async function moveDevice(
  db: D1Database,
  deviceRow: number,
  siteId: string | null,
  by: string,
): Promise<{ from: string | null }> {
  const before = await db
    .prepare('SELECT site_id FROM collector_moved_devices WHERE device_row = ?1')
    .bind(deviceRow)
    .first<{ site_id: string }>();
  if (siteId === null)
    await db.prepare('DELETE FROM collector_moved_devices WHERE device_row = ?1').bind(deviceRow).run();
  else
    await db
      .prepare(
        `INSERT INTO collector_moved_devices (device_row, site_id, moved_by) VALUES (?1, ?2, ?3)
         ON CONFLICT (device_row) DO UPDATE SET site_id = ?2, moved_by = ?3,
           moved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(deviceRow, siteId, by)
      .run();
  return { from: before?.site_id ?? null };
}
