// The acceptance code's guesses are limited per order in all, not per code: a new code
// (the 'Wyślij nowy kod' button, or the form sent again) no longer buys new guesses. An
// attack counted 25 guesses per order (5 codes × 5 tries).
import { describe, expect, it } from 'vitest';
import { CODE_LIMITS } from './model.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { testEnv } from '../../tests/worker/admin-helpers.ts';
import { newOrder, post } from '../../tests/worker/public-bodies.ts';

const accept = (order: string, code: string) =>
  post(`/api/orders/${order}/accept`, JSON.stringify({ code, submissionId: crypto.randomUUID() }));
const newCode = (order: string) => post(`/api/orders/${order}/code`, JSON.stringify({}));
const latestCode = async () =>
  /to: (\d{6})/.exec(
    (
      await testEnv.DB.prepare("SELECT body FROM outbox WHERE subject LIKE 'Kod akceptacji%' ORDER BY id DESC").first<{
        body: string;
      }>()
    )?.body ?? '',
  )?.[1] ?? '';

describe('guessing an order’s acceptance code', { timeout: 60_000 }, () => {
  it(`allows ${CODE_LIMITS.guessesInAll} wrong codes per order in all, across new codes`, async () => {
    expect(CODE_LIMITS.guessesInAll).toBe(10);
    const { order } = await newOrder();
    let wrongs = 0;
    const guessWrong = async (code: string) => {
      const res = await accept(order, code === '000000' ? '111111' : '000000');
      wrongs += 1;
      return res;
    };
    // The first code: its five tries.
    let code = await latestCode();
    for (let i = 0; i < CODE_LIMITS.attempts; i++) expect((await guessWrong(code)).status).toBe(400);
    // A new code, five more wrong ones: ten in all, the order's last.
    expect((await newCode(order)).status).toBe(200);
    code = await latestCode();
    const answers: number[] = [];
    for (let i = 0; i < CODE_LIMITS.attempts; i++) answers.push((await guessWrong(code)).status);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    expect(wrongs).toBe(CODE_LIMITS.guessesInAll);
    // Now no new code helps: neither a code sent again nor the right code of the newest e-mail.
    const again = await newCode(order);
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({ error: ORDER_API_ERRORS.noGuessesLeft });
    const right = await accept(order, code);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ error: ORDER_API_ERRORS.noGuessesLeft });
    expect(await testEnv.DB.prepare('SELECT status, wrong_codes FROM orders WHERE id = ?').bind(order).first()).toEqual(
      { status: 'awaiting_acceptance', wrong_codes: CODE_LIMITS.guessesInAll },
    );
  });

  it('says how many tries are left of the fewer: this code’s or the order’s', async () => {
    const { order, code } = await newOrder();
    const res = await accept(order, code === '000000' ? '111111' : '000000');
    expect(await res.json()).toEqual({ error: ORDER_API_ERRORS.wrongCode(CODE_LIMITS.attempts - 1), field: 'code' });
  });
});
