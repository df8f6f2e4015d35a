/**
 * What the service feature offers the rest of the worker: storing a ticket (the customer's page
 * reports a fault), a device's tickets and their history, and a person's tickets for the export,
 * the erasure and the retention job.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  anonymiseTicketsStatements,
  eventsOfTickets,
  storeTicket,
  TICKET_NUMBER_PLACEHOLDER,
  type TicketEventRow,
  ticketIdsToAnonymise,
  type TicketRow,
  ticketsOfDevices,
  ticketsOfEmail,
} from './model.ts';
