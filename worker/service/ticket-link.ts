/**
 * The customer's own link to a ticket's status page. The plain page (its secret id, which the
 * reporter gets whoever they are) shows no deadline: a 4 h deadline would tell that the serial
 * or NIP typed is a Premium customer's. The customer's link adds the ticket's second key, which
 * only the contract's address (the confirmation) and the signed-in customer (/konto) get; with
 * it the page shows the deadline, as the confirmation did.
 */

/** The query string of the customer's link ('' without a key). */
export const customerTicketQuery = (key: string | null | undefined): string =>
  key ? `?k=${encodeURIComponent(key)}` : '';

/** The path of a ticket's status page, the customer's link when the ticket has a key. */
export const customerTicketPath = (t: { id: string; customer_key: string | null }): string =>
  `/serwis/zgloszenie/${t.id}${customerTicketQuery(t.customer_key)}`;
