// The lead queue's dead-letter consumer retries as many times as its code counts: on the last
// attempt a lead D1 still refuses goes back to kserowo-leads (worker/leads/d1-down.test.ts).
// Without max_retries, Cloudflare Queues gives up after 3 attempts and the lead is gone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEAD_LETTER_ATTEMPTS } from './dead-letter.ts';

describe('wrangler.toml: the consumer of kserowo-leads-dlq', () => {
  it('retries DEAD_LETTER_ATTEMPTS times', () => {
    const toml = readFileSync('wrangler.toml', 'utf8');
    const consumer = toml.split('[[queues.consumers]]').find((part) => /^queue = "kserowo-leads-dlq"$/m.test(part));
    expect(Number(/^max_retries = (\d+)$/m.exec(consumer ?? '')?.[1])).toBe(DEAD_LETTER_ATTEMPTS);
  });
});
