/**
 * What the webhooks feature offers the rest of the worker: the statements that write a webhook
 * event inside a feature's own D1 batch, the claim of events for the queue, and a person's events
 * for the export, the erasure and the retention job. Delivery is worker/webhooks/delivery.ts.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { claimedIds, takeUnqueuedStatement } from './model-webhook-deliveries.ts';
export { sealLegacySecrets } from './secrets.ts';
export {
  deleteEventsOfLeadStatements,
  deleteEventsStatements,
  deleteOldEventsStatements,
  eventDataFrom,
  eventIdsOfLeads,
  eventIfStatements,
  type EventRow,
  eventsAbout,
  sqlJsonObject,
  sqlLabel,
  webhookEventStatements,
  type WebhookEventType,
} from './model.ts';
