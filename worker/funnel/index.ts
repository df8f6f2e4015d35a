/**
 * What the funnel ("Od kliknięcia do przelewu", 'Liczby') offers the rest of the worker: the
 * statements that bring its counters up to date, for the batch of each event of the chain
 * lead → quote → order → contract → invoice → payment. Another feature takes these from here.
 */
export { type FunnelOf, funnelStatements } from './model.ts';
