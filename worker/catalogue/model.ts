/**
 * The `catalogue_versions` table (DESIGN §4): published versions, history and rollback,
 * and the live catalogue (the newest version, else the built-in one).
 *
 * The live version is read on every page view and every `GET /api/catalogue`, so it is
 * held in the isolate (docs/catalogue.md "The live version and its caches"): one D1 query per isolate
 * at most every `LIVE_CATALOGUE_TTL_MS` (wrangler.toml), shared by the requests that
 * arrive meanwhile. A publish or rollback through `publishVersion` drops the isolate's
 * copy at once; other isolates see it when their copy expires, so a publish is live
 * everywhere within the TTL.
 */
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { type Catalogue, type Device, isCatalogueData } from '../../widgets/core/model.ts';
import type { CatalogueVersion } from '../admin-shared/admin-api.ts';

/** The live catalogue with what identifies it across fresh databases and deploys. */
export interface LiveCatalogue {
  catalogue: Catalogue;
  /** When the version was published; '' for the built-in catalogue (version 0). */
  createdAt: string;
  /** A validator (ETag value) of this live version, the same in every isolate. */
  tag: string;
  /** `JSON.stringify(catalogue)`, made once per version. */
  json: string;
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

/** A short, stable hash of a text (FNV-1a), for validators; not for security. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function liveOf(catalogue: Catalogue, createdAt: string): LiveCatalogue {
  const json = JSON.stringify(catalogue);
  // Version 0 is whatever catalogue this deploy was built with; its hash tells deploys apart.
  const tag = catalogue.version === 0 ? `c0-${fnv1a(json)}` : `c${catalogue.version}-${createdAt.replace(/\D/g, '')}`;
  return { catalogue, createdAt, tag, json };
}

let builtIn: LiveCatalogue | undefined;
const builtInLive = (): LiveCatalogue => {
  builtIn ??= liveOf(defaultCatalogue, '');
  return builtIn;
};

/** The live catalogue straight from D1 (one query). */
async function queryLive(db: D1Database): Promise<LiveCatalogue> {
  const row = await db
    .prepare('SELECT version, data, created_at FROM catalogue_versions ORDER BY version DESC LIMIT 1')
    .first<{ version: number; data: string; created_at: string }>();
  if (!row) return builtInLive();
  const data: unknown = JSON.parse(row.data);
  if (!isCatalogueData(data)) return builtInLive();
  return liveOf({ version: row.version, devices: data.devices }, row.created_at);
}

/** How long an isolate trusts the live version it read (wrangler.toml `LIVE_CATALOGUE_TTL_MS`). */
export const DEFAULT_TTL_MS = 5000;

/** The isolate's copy: the live catalogue read and when its query started. */
let held: { live: LiveCatalogue; since: number } | undefined;

export function ttlOf(env: { LIVE_CATALOGUE_TTL_MS?: string }): number {
  const ms = Number(env.LIVE_CATALOGUE_TTL_MS);
  return env.LIVE_CATALOGUE_TTL_MS !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_TTL_MS;
}

/**
 * The live catalogue for page views and `GET /api/catalogue`: the isolate's copy while it
 * is younger than the TTL (timed from the start of its query, so it never reflects D1
 * older than that), else a query of this request's own. Only a finished read is shared:
 * a query in flight belongs to the request that started it (workerd cancels a request's
 * I/O with the request, and another request awaiting it would hang). A failed query is not
 * kept: the next request asks again.
 */
export async function liveVersion(env: { DB: D1Database; LIVE_CATALOGUE_TTL_MS?: string }): Promise<LiveCatalogue> {
  const now = Date.now();
  if (held && now - held.since < ttlOf(env)) return held.live;
  const live = await queryLive(env.DB);
  // A read that started later than the one kept is the newer one.
  if (!held || held.since <= now) held = { live, since: now };
  return live;
}

/** The live catalogue straight from D1, for writes that must price with it (quotes, admin changes). */
export async function liveCatalogue(db: D1Database): Promise<Catalogue> {
  return (await queryLive(db)).catalogue;
}

/** Forgets the isolate's copy (after a publish or rollback made here). */
export function forgetLiveCatalogue(): void {
  held = undefined;
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

/** Publishes devices as a new version; from now on they are the live catalogue (a rollback publishes an old one again). */
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
  forgetLiveCatalogue();
  if (!row) throw new Error('catalogue version not stored');
  return toVersion(row);
}
