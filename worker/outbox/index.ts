/**
 * What the outbox offers the rest of the worker: the statements that queue an e-mail inside a
 * feature's own D1 batch (so the e-mail is written with the change it tells of, or not at all),
 * the e-mails of a lead, and a person's e-mails for the export, the erasure and the retention job.
 * Sending is worker/outbox/delivery.ts (`enqueueNotification`).
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  accountNotificationStatement,
  guardedNotificationStatement,
  LATEST_EMAIL_STATE,
  type Notification,
  notificationIfStatement,
  type NotificationRow,
  notificationsOfAbout,
  notificationsOfLead,
  notificationStatement,
  standaloneNotificationStatement,
} from './model.ts';
export {
  deleteNotificationsAboutStatement,
  deleteNotificationsOfLeadStatement,
  deleteNotificationsStatement,
  deleteStandaloneBeforeStatement,
  notificationsOfPerson,
} from './model-outbox-privacy.ts';
