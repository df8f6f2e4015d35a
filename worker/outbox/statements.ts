/** The outbox's statements another feature puts in its own batch (an e-mail written only when its change applied). */
export { type Notification, notificationIfStatement } from './model.ts';
