/**
 * Collector sites (migration 0480): one contract's collector, its one-time enrolment codes
 * (stored as their SHA-256), its key (stored encrypted, worker/collector/key-crypto.ts), the
 * signatures seen in the time window (replays refused) and the pushes taken (by pushId).
 */
export interface CollectorSiteRow {
  id: string;
  contract_id: string;
  created_by: string;
  created_at: string;
  enrolled_at: string | null;
  last_push_at: string | null;
  last_failures: string;
}

/** A new site with its first code (hash), valid until `expiresAt`. */
export async function createSite(
  db: D1Database,
  site: { id: string; contractId: string; createdBy: string; codeHash: string; expiresAt: string },
): Promise<void> {
  await db.batch([
    db
      .prepare('INSERT INTO collector_sites (id, contract_id, created_by) VALUES (?1, ?2, ?3)')
      .bind(site.id, site.contractId, site.createdBy),
    db
      .prepare('INSERT INTO collector_codes (code_hash, site_id, expires_at) VALUES (?1, ?2, ?3)')
      .bind(site.codeHash, site.id, site.expiresAt),
  ]);
}

/** A further code of a site (a new machine): enrolling with it replaces the site's key. */
export async function createCode(db: D1Database, siteId: string, codeHash: string, expiresAt: string): Promise<void> {
  await db
    .prepare('INSERT INTO collector_codes (code_hash, site_id, expires_at) VALUES (?1, ?2, ?3)')
    .bind(codeHash, siteId, expiresAt)
    .run();
}

export async function siteById(db: D1Database, id: string): Promise<CollectorSiteRow | null> {
  return db.prepare('SELECT * FROM collector_sites WHERE id = ?').bind(id).first<CollectorSiteRow>();
}

/**
 * Spends a code (once, before it expires) and stores the site's new key in the same batch:
 * the site's id, or undefined for a wrong, spent or expired code.
 */
export async function spendCode(
  db: D1Database,
  codeHash: string,
  nowIso: string,
  keyCipherOf: (siteId: string) => Promise<string>,
): Promise<string | undefined> {
  const code = await db
    .prepare('SELECT site_id FROM collector_codes WHERE code_hash = ?1 AND used_at IS NULL AND expires_at > ?2')
    .bind(codeHash, nowIso)
    .first<{ site_id: string }>();
  if (!code) return undefined;
  const cipher = await keyCipherOf(code.site_id);
  const [spent] = await db.batch([
    db
      .prepare('UPDATE collector_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL RETURNING site_id')
      .bind(codeHash, nowIso),
    // Only when this request spent the code (two at once: one wins).
    db
      .prepare(
        `INSERT INTO collector_keys (site_id, key_cipher, created_at) SELECT ?1, ?2, ?3 WHERE changes() > 0
         ON CONFLICT (site_id) DO UPDATE SET key_cipher = excluded.key_cipher, created_at = excluded.created_at`,
      )
      .bind(code.site_id, cipher, nowIso),
    db
      .prepare(
        'UPDATE collector_sites SET enrolled_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM collector_keys WHERE site_id = ?1 AND key_cipher = ?3)',
      )
      .bind(code.site_id, nowIso, cipher),
  ]);
  return spent?.results.length ? code.site_id : undefined;
}

export async function keyCipherOf(db: D1Database, siteId: string): Promise<string | undefined> {
  const row = await db
    .prepare('SELECT key_cipher FROM collector_keys WHERE site_id = ?')
    .bind(siteId)
    .first<{ key_cipher: string }>();
  return row?.key_cipher;
}

/**
 * Remembers a signature; false when it was seen already (a replay). Signatures older than
 * `pruneBefore` (unix seconds, outside the time window) go in the same batch.
 */
export async function firstUseOfSignature(
  db: D1Database,
  siteId: string,
  signature: string,
  now: number,
  pruneBefore: number,
): Promise<boolean> {
  const [, inserted] = await db.batch([
    db.prepare('DELETE FROM collector_signatures WHERE seen_at < ?').bind(pruneBefore),
    db
      .prepare(
        'INSERT INTO collector_signatures (signature, site_id, seen_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING RETURNING signature',
      )
      .bind(signature, siteId, now),
  ]);
  return (inserted?.results.length ?? 0) > 0;
}

/** Marks a push taken; false when its pushId was taken before (its failures are not listed twice). */
export async function takePush(
  db: D1Database,
  siteId: string,
  pushId: string,
  failuresJson: string,
  nowIso: string,
): Promise<boolean> {
  const [taken] = await db.batch([
    db
      .prepare(
        'INSERT INTO collector_pushes (site_id, push_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING RETURNING push_id',
      )
      .bind(siteId, pushId),
    db
      .prepare(
        'UPDATE collector_sites SET last_push_at = ?2, last_failures = CASE WHEN changes() > 0 THEN ?3 ELSE last_failures END WHERE id = ?1',
      )
      .bind(siteId, nowIso, failuresJson),
  ]);
  return (taken?.results.length ?? 0) > 0;
}

/** Every site with its contract's number and company, and what its devices last reported, newest sites first. */
export async function listSites(db: D1Database): Promise<
  (CollectorSiteRow & {
    contract_number: string;
    company: string;
    devices: number;
    last_report_at: string | null;
    unknown_serials: string;
  })[]
> {
  const { results } = await db
    .prepare(
      `SELECT s.*, c.number AS contract_number, c.company,
         (SELECT count(DISTINCT r.device_row) FROM collector_reports r WHERE r.site_id = s.id AND r.device_row IS NOT NULL
            AND r.outcome != 'unknown') AS devices,
         (SELECT max(r.at) FROM collector_reports r WHERE r.site_id = s.id) AS last_report_at,
         (SELECT json_group_array(serial) FROM (SELECT DISTINCT r.serial FROM collector_reports r
            WHERE r.site_id = s.id AND r.outcome = 'unknown'
              AND r.serial NOT IN (SELECT d.serial FROM collector_moved_devices m JOIN devices d ON d.id = m.device_row
                WHERE m.site_id = s.id)
            ORDER BY r.serial)) AS unknown_serials
       FROM collector_sites s JOIN contracts c ON c.id = s.contract_id
       ORDER BY s.created_at DESC LIMIT 500`,
    )
    .all<
      CollectorSiteRow & {
        contract_number: string;
        company: string;
        devices: number;
        last_report_at: string | null;
        unknown_serials: string;
      }
    >();
  return results;
}
