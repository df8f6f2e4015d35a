/**
 * Attempts of the dead-letter queue's consumer (wrangler.toml `max_retries` of kserowo-leads-dlq):
 * on the last one a lead D1 still refuses goes back to kserowo-leads instead of being dropped, so
 * it goes round (about two days a lap) until D1 takes it.
 */
export const DEAD_LETTER_ATTEMPTS = 100;
