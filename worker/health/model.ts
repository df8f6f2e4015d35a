/** The database as a whole (no table): the health check's round trip. */
export async function pingDatabase(db: D1Database): Promise<void> {
  await db.prepare('SELECT 1').first();
}
