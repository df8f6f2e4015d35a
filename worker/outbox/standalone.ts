/**
 * What other features use of the outbox to write an e-mail about no lead and no ticket (an
 * invoice's "ready" e-mail): the statement that queues it and the e-mails already written
 * about the same thing. The SQL stays in model.ts; delivery.ts hands the e-mail to the queue.
 */
export { type Notification, notificationsOfAbout, standaloneNotificationStatement } from './model.ts';
