// Bank statements written line by line for the worker tests of payments (MT940 whose balances
// add up, as mt940js checks them) and sent as the panel sends them.
import { ORIGIN, request } from './admin-helpers.ts';

/** Our account, the statements' own (the samples' mBank account). */
export const OWN = 'PL97114020040000320201355387';

export interface Mt940Line {
  /** '1,00' */
  amount: string;
  /** The `:86:` field. */
  details: string;
  /** The bank's reference; none (NONREF) when absent. */
  ref?: string;
  /** YYMMDD */
  day?: string;
}

/** An MT940 statement of credits: opening 0,00, closing the sum, so mt940js's balance check holds. */
export function mt940(number: string, lines: Mt940Line[], account = OWN): string {
  const day = lines[0]?.day ?? '251117';
  const totalGr = lines.reduce((s, l) => s + Math.round(Number(l.amount.replace(',', '.')) * 100), 0);
  const pln = (gr: number) => `${Math.floor(gr / 100)},${String(gr % 100).padStart(2, '0')}`;
  return [
    ':20:ST251117CYC/1',
    `:25:${account}`,
    `:28C:${number}`,
    `:60F:C${day}PLN0,00`,
    ...lines.flatMap((l) => [
      `:61:${l.day ?? day}${(l.day ?? day).slice(2)}C${l.amount}${l.ref ? `S051${l.ref}//${l.ref}` : 'NTRFNONREF'}`,
      `:86:${l.details}`,
    ]),
    `:62F:C${day}PLN${pln(totalGr)}`,
    '-',
  ].join('\n');
}

export async function upload(text: string, cookie: string, name = 'wyciag.sta'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'application/octet-stream' }));
  return request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN },
    body: form,
  });
}

/** A camt.053 statement of credit entries: each with its amount, and a batch's transfers (no references of their own) when `parts` is given. */
export function camt053(
  id: string,
  entries: { ref: string; amount: string; title: string; parts?: string[] }[],
  account = OWN,
): string {
  const tx = (amount: string, title: string) =>
    `<TxDtls><AmtDtls><TxAmt><Amt Ccy="PLN">${amount}</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Nm>JAN NOWAK</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${title}</Ustrd></RmtInf></TxDtls>`;
  const ntry = (e: { ref: string; amount: string; title: string; parts?: string[] }) =>
    `<Ntry><Amt Ccy="PLN">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-11-18</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><NtryDtls>${(e.parts ?? [e.amount]).map((a) => tx(a, e.title)).join('')}</NtryDtls></Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId></GrpHdr>
<Stmt><Id>${id}</Id><ElctrncSeqNb>1</ElctrncSeqNb><Acct><Id><IBAN>${account}</IBAN></Id><Ccy>PLN</Ccy></Acct>
${entries.map(ntry).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}
