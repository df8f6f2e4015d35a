/**
 * The admin API's answers about the team and the system: the audit log, the e-mail outbox,
 * the session, accounts and webhooks. Import them from admin-api.ts, their one home.
 */
import type { ListPage } from './admin-api-service.ts';
import type { Role } from './roles.ts';
import type { WebhookEvent } from './webhook-validation.ts';

/** `GET /api/admin/audit`: one entry of the audit log, newest first. */
export interface AuditLogEntry {
  id: number;
  at: string;
  accountId: number | null;
  actor: string;
  role: string | null;
  action: string;
  area: string;
  target: string | null;
  method: string;
  path: string;
  status: number;
  details: Record<string, unknown>;
  ip: string | null;
}

/** `GET /api/admin/outbox`: one notification with whose lead (or ticket) it is. */
export interface OutboxEntry {
  id: number;
  leadId: string;
  leadName: string | null;
  leadKind: string | null;
  recipient: string;
  subject: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/session` (and the login's answer): who is logged in, until when. */
export interface AdminSession {
  user: string;
  email: string;
  role: Role;
  accountId: number;
  expiresAt: string;
}

/** A team account as `/api/admin/accounts` answers it. */
export interface TeamAccount {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  passwordSet: boolean;
  firstOwner: boolean;
  createdAt: string;
}

/** `GET /api/admin/accounts`: each account with its number of live sessions. */
export interface TeamAccountListed extends TeamAccount {
  sessions: number;
}

/** One live session of an account (`GET /api/admin/accounts/:id/sessions`, `GET /api/admin/me/sessions`). */
export interface SessionListed {
  /** A short prefix of the stored hash: names the session for revoking, useless as a cookie. */
  key: string;
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session of this request. */
  current: boolean;
}

/** A webhook endpoint (`GET /api/admin/webhooks`), with its signing secret. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  secret: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/admin/webhooks/deliveries`: one delivery of an event to an endpoint. */
export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: string;
  endpointId: number;
  url: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/** One attempt at sending a delivery. */
export interface WebhookAttempt {
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number | null;
}

/** `GET /api/admin/webhooks/deliveries/:id`: the delivery with every attempt. */
export interface WebhookDeliveryDetail {
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}

/** `GET /api/admin/audit`. */
export interface AuditList extends ListPage {
  entries: AuditLogEntry[];
}

/** `GET /api/admin/outbox`. */
export interface OutboxList extends ListPage {
  notifications: OutboxEntry[];
}

/** `GET /api/admin/accounts`. */
export interface AccountList {
  accounts: TeamAccountListed[];
}

/** `GET /api/admin/accounts/:id/sessions`, `GET /api/admin/me/sessions`. */
export interface SessionList {
  sessions: SessionListed[];
}

/** `GET /api/admin/webhooks`: the endpoints and the event types they may choose. */
export interface WebhookEndpointList {
  endpoints: WebhookEndpoint[];
  events: readonly WebhookEvent[];
}

/** `GET /api/admin/webhooks/deliveries`. */
export interface WebhookDeliveryList extends ListPage {
  deliveries: WebhookDelivery[];
}
