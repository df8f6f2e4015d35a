// The cron that hands stranded e-mails over runs every minute (wrangler.toml), and the
// retention job keeps its five-minute schedule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVERY_FIVE_MINUTES, EVERY_MINUTE } from '../../worker/schedule.ts';

describe('wrangler.toml [triggers]', () => {
  it('runs the sweep every minute and the retention job every five', () => {
    const crons = /^crons = (\[.*\])$/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
    expect(JSON.parse(crons ?? '[]')).toEqual([EVERY_MINUTE, EVERY_FIVE_MINUTES]);
  });
});
