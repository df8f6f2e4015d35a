/** The live catalogue: the newest version published to D1, else the built-in one (DESIGN §4). */
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { type Catalogue, isCatalogueData } from '../../widgets/core/model.ts';

interface VersionRow {
  version: number;
  data: string;
}

export async function liveCatalogue(db: D1Database): Promise<Catalogue> {
  const row = await db
    .prepare('SELECT version, data FROM catalogue_versions ORDER BY version DESC LIMIT 1')
    .first<VersionRow>();
  if (!row) return defaultCatalogue;
  const data: unknown = JSON.parse(row.data);
  return isCatalogueData(data) ? { version: row.version, devices: data.devices } : defaultCatalogue;
}
