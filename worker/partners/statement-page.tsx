/** The printable month statement of /partner/zestawienie/<month> (split from page.tsx). */
import type { Statement } from './commission.ts';
import { Head, Money, Scroll, copy } from './page.tsx';

export function StatementView({
  partnerName,
  statement,
  settled,
}: {
  partnerName: string;
  statement: Statement;
  settled: { settled_at: string; settled_by: string } | null;
}) {
  return (
    <>
      <p className="noprint">
        <a href="/partner">← Strefa partnera</a> · <a href={`/partner/zestawienie/${statement.month}.csv`}>CSV</a>
      </p>
      <h1>{copy.statementHeading(statement.month)}</h1>
      <p>
        Partner: {partnerName}.{' '}
        {settled ? copy.settled(settled.settled_at.slice(0, 10), settled.settled_by) : copy.notSettled}
      </p>
      <Scroll label="Pozycje zestawienia">
        <table>
          <Head columns={['Umowa', 'Firma', 'Faktura', '#Netto', '#Zapłacono netto', '#Prowizja']} />
          <tbody>
            {statement.lines.map((l) => (
              <tr key={`${l.contractNumber}-${l.invoiceNumber}`}>
                <td>{l.contractNumber}</td>
                <td>{l.companyName}</td>
                <td>{l.invoiceNumber ?? '—'}</td>
                <Money gr={l.netGr} />
                <Money gr={l.paidNetGr} />
                <Money gr={l.commissionGr} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Razem
              </th>
              <Money gr={statement.netGr} />
              <Money gr={statement.paidNetGr} />
              <Money gr={statement.commissionGr} />
            </tr>
          </tfoot>
        </table>
      </Scroll>
    </>
  );
}
