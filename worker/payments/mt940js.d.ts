/** The part of mt940js (Apache-2.0, no dependencies) the statement import uses: its own types, as the package ships none. */
declare module 'mt940js' {
  export interface Mt940Transaction {
    date: Date;
    entryDate: Date | '';
    /** With its sign: a credit positive, a debit negative; rounded to 2 decimals. */
    amount: number;
    isReversal: boolean;
    currency: string;
    /** The `:86:` field, its lines joined with '\n'. */
    details: string;
    transactionType: string;
    /** The customer's reference of `:61:` (before `//`). */
    reference: string;
    /** The bank's reference of `:61:` (after `//`). */
    bankReference: string;
    extraDetails: string;
  }
  export interface Mt940Statement {
    transactionReference: string;
    accountIdentification: string;
    number: { statement: string; sequence?: string; section?: string };
    currency: string;
    openingBalance: number;
    closingBalance: number;
    statementDate: Date;
    transactions: Mt940Transaction[];
  }
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    /** Throws when a statement lacks a mandatory tag or its balances do not add up. */
    parse(data: string, withTags?: boolean): Mt940Statement[];
  }
}
