/** An order's installation on `orders`: the protocol recorded and the contract started in one batch. */
import { eventIfStatements, takeUnqueuedStatement, claimedIds } from '../webhooks/index.ts';
import { type Notification, notificationIfStatement } from '../outbox/index.ts';
import { funnelStatements } from '../funnel/index.ts';

import type { OrderRow } from './model.ts';
export interface Installation {
  installedOn: string;
  serial: string;
  mono: number;
  color: number | null;
  contractId: string;
  recordedBy: string;
}

/**
 * Records the installation protocol and starts the contract, in one batch: the order
 * becomes installed (only from signed), the contract's statements run (contracts.ts
 * `contractStatements`: the contract, its device, its frozen rates; a second contract of
 * the same order fails the batch on `contracts_one_per_order`), then the customer's e-mail
 * and the `order.installed` event, written only when the order's update applied.
 */
export async function installOrder(
  db: D1Database,
  order: OrderRow,
  installation: Installation,
  contractStatements: D1PreparedStatement[],
  mail: Notification,
  event: Record<string, unknown>,
): Promise<{ installed: boolean; notificationId: number | undefined; webhookIds: number[] }> {
  const at = new Date().toISOString();
  const applied = {
    sql: "SELECT 1 FROM orders WHERE id = ? AND status = 'installed' AND installed_at = ?",
    values: [order.id, at],
  };
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET status = 'installed', installed_at = ?2, installation = ?3, updated_at = ?2
         WHERE id = ?1 AND status = 'signed'`,
      )
      .bind(order.id, at, JSON.stringify(installation)),
    ...contractStatements,
    notificationIfStatement(db, order.lead_id, mail, applied),
    ...eventIfStatements(db, 'order.installed', event, applied),
    // "Od kliknięcia do przelewu": installed, and the contract's monthly value.
    ...funnelStatements(db, { order: order.id }),
    takeUnqueuedStatement(db),
  ]);
  const mailAt = 1 + contractStatements.length;
  return {
    installed: (results[0]?.meta.changes ?? 0) > 0,
    notificationId: (results[mailAt]?.results[0] as { id: number } | undefined)?.id,
    webhookIds: claimedIds(results.at(-1)?.results),
  };
}
