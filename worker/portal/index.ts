/**
 * What the customer's page offers the rest of the worker: a person's sign-ins, sessions and toner
 * orders for the export, the erasure and the retention job; storing a toner order (the collector's, by level).
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  deletePortalSessionsBeforeStatement,
  deletePortalSessionsOfEmailStatement,
  type PortalSessionExport,
  portalSessionsOfEmail,
} from './model-portal-sessions.ts';
export {
  deleteSignInsBeforeStatement,
  deleteSignInsOfEmailStatement,
  type SignInExport,
  signInsOfEmail,
} from './model-portal-sign-ins.ts';
export {
  anonymiseTonerOrdersStatement,
  ColourInFlight,
  ORDER_NUMBER_PLACEHOLDER,
  storeTonerOrder,
  tonerOrderIdsToAnonymise,
  type TonerOrderRow,
  tonerOrdersOfEmail,
} from './model-toner-orders.ts';
export { SIGN_IN_HELD } from './copy.ts';
/** The sign-in form's honeypot field (`website`), which /partner's form shares. */
export { Honeypot } from './view-fields.tsx';
export {
  type SignInRealm,
  SIGN_IN_LIMITS,
  endSignInSession,
  findSignInSession,
  forgetOldSignIns,
  liveSignIn,
  requestSignIn,
  signInWithCode,
  signInWithToken,
} from './sign-in.ts';
