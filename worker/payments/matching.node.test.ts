// What an outside mutation sample of the money code changed without a test noticing:
// a verification transfer of more than the set amount verified the order; the instructions said
// 10,00 zł instead of 1,00 zł; an invoice 1 zł short was shown as paid. Each figure stated by hand.
import { describe, expect, it } from 'vitest';
import { verificationTransfer } from './config.ts';
import { type MatchContext, matchLine, shareOf } from './matching.ts';
import { paymentState } from './model.ts';
import type { StatementLine } from './statement.ts';

const LISTED = 'PL61109010140000071219812874';

const line = (amountGr: number, title: string): StatementLine => ({
  bookedOn: '2026-12-02',
  amountGr,
  currency: 'PLN',
  title,
  payerName: 'FIRMA',
  payerAccount: LISTED,
  payerNip: null,
  bankReference: null,
});

const context = (): MatchContext => ({
  orders: [{ id: 'o1', number: 'KS-2026-000123', nip: '5260250274', accounts: ['61109010140000071219812874'] }],
  invoices: [],
  accountsByNip: new Map(),
  verificationGr: 100,
});

describe('the verification transfer', () => {
  it('verifies with exactly the set amount, 1,00 zł, from a listed account', () => {
    expect(matchLine(line(100, 'Weryfikacja KS-2026-000123'), context())).toMatchObject({
      kind: 'verification',
      orderId: 'o1',
    });
  });

  it('does not verify with 1,01 zł or 10,00 zł: the amount is part of the proof', () => {
    for (const amountGr of [101, 1000]) {
      const match = matchLine(line(amountGr, 'Weryfikacja KS-2026-000123'), context());
      expect(match.kind).toBeNull();
      expect(match.note).toContain('nie jest kwotą weryfikacji (1,00 zł)');
    }
  });

  it('is announced as 1,00 zł by default, and as what the configuration sets (250 gr: 2,50 zł)', () => {
    expect(verificationTransfer({}).amountText).toBe('1,00 zł');
    expect(verificationTransfer({ VERIFICATION_AMOUNT_GR: '250' }).amountText).toBe('2,50 zł');
  });
});

describe('an invoice paid', () => {
  it('is paid at its amount, not 1 zł short: 245,77 − 1,00 = 244,77 paid leaves it open or overdue', () => {
    expect(paymentState({ due_gr: 24577, paid_gr: 24577, due_date: '2026-12-16' }, '2026-12-02')).toBe('paid');
    expect(paymentState({ due_gr: 24577, paid_gr: 24477, due_date: '2026-12-16' }, '2026-12-02')).toBe('partial');
    expect(paymentState({ due_gr: 24577, paid_gr: 24477, due_date: '2026-12-01' }, '2026-12-02')).toBe('overdue');
  });

  it('shares one transfer of 300,00 zł among three invoices named by KSeF number: 123,00, 61,50, the rest 115,50', () => {
    const invoices = [
      { id: 'a', dueGr: 12300, paidGr: 0 },
      { id: 'b', dueGr: 6150, paidGr: 0 },
      { id: 'c', dueGr: 24477, paidGr: 0 },
    ];
    expect(shareOf(30000, invoices)).toEqual([
      { invoiceId: 'a', amountGr: 12300 },
      { invoiceId: 'b', amountGr: 6150 },
      { invoiceId: 'c', amountGr: 11550 },
    ]);
    // 100,00 zł for a (123,00 asked) and b: a gets it all, b nothing (no part of 0 is kept).
    expect(shareOf(10000, invoices.slice(0, 2))).toEqual([{ invoiceId: 'a', amountGr: 10000 }]);
    // An overpayment stays with the last: 200,00 for a (123,00) and b (61,50, of which 20,00 paid
    // already: 41,50 asked) → 123,00 and 200,00 − 123,00 = 77,00.
    expect(
      shareOf(20000, [
        { id: 'a', dueGr: 12300, paidGr: 0 },
        { id: 'b', dueGr: 6150, paidGr: 2000 },
      ]),
    ).toEqual([
      { invoiceId: 'a', amountGr: 12300 },
      { invoiceId: 'b', amountGr: 7700 },
    ]);
  });
});
