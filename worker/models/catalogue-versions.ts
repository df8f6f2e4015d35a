/** Publishing catalogue versions from the admin panel: history and rollback (DESIGN §4). */
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { type Device, isCatalogueData } from '../../widgets/core/model.ts';

export interface CatalogueVersion {
  version: number;
  note: string | null;
  createdBy: string;
  createdAt: string;
}

interface VersionRow {
  version: number;
  note: string | null;
  created_by: string;
  created_at: string;
}

const toVersion = (r: VersionRow): CatalogueVersion => ({
  version: r.version,
  note: r.note,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** Every published version, newest (the live one) first. */
export async function listVersions(db: D1Database): Promise<CatalogueVersion[]> {
  const { results } = await db
    .prepare('SELECT version, note, created_by, created_at FROM catalogue_versions ORDER BY version DESC')
    .all<VersionRow>();
  return results.map(toVersion);
}

/**
 * The newest published version and when it was made, or version 0 while the built-in
 * catalogue is live. Together they identify a version even across fresh databases.
 */
export async function publishedVersion(db: D1Database): Promise<{ version: number; createdAt: string }> {
  const row = await db
    .prepare('SELECT version, created_at FROM catalogue_versions ORDER BY version DESC LIMIT 1')
    .first<{ version: number; created_at: string }>();
  return row ? { version: row.version, createdAt: row.created_at } : { version: 0, createdAt: '' };
}

/** The devices of a version; version 0 is the built-in catalogue. */
export async function versionDevices(db: D1Database, version: number): Promise<Device[] | undefined> {
  if (version === 0) return defaultCatalogue.devices;
  const row = await db
    .prepare('SELECT data FROM catalogue_versions WHERE version = ?')
    .bind(version)
    .first<{ data: string }>();
  if (!row) return undefined;
  const data: unknown = JSON.parse(row.data);
  return isCatalogueData(data) ? data.devices : undefined;
}

/** Publishes devices as a new version; from now on they are the live catalogue. */
export async function publishVersion(
  db: D1Database,
  devices: Device[],
  note: string | null,
  createdBy: string,
): Promise<CatalogueVersion> {
  const row = await db
    .prepare(
      'INSERT INTO catalogue_versions (data, note, created_by) VALUES (?, ?, ?) RETURNING version, note, created_by, created_at',
    )
    .bind(JSON.stringify({ devices }), note, createdBy)
    .first<VersionRow>();
  if (!row) throw new Error('catalogue version not stored');
  return toVersion(row);
}
