/**
 * The month's bills of 'Odczyty liczników': per contract its devices' lines (the contracts'
 * frozen rates, the corrected readings), the net, VAT and gross, and the per-customer summary.
 */
import type { Billing } from '../../worker/admin-shared/admin-api.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { DataTable } from './ui.tsx';

const pln = (n: number) => formatPln(n, 2);

export function BillingTables({ billing }: { billing: Billing }) {
  if (billing.bills.length === 0) return <p>Żadna umowa nie trwa w tym okresie.</p>;
  return (
    <>
      {billing.bills.map((b) => (
        <div className="table-wrap" key={b.contract}>
          <table className="billing">
            <caption>
              Umowa {b.contract}: {b.company}
              {b.nip ? `, NIP ${b.nip}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Numer seryjny</th>
                <th scope="col">Urządzenie, pakiet</th>
                <th scope="col">Abonament</th>
                <th scope="col">Strony mono / kolor</th>
                <th scope="col">W cenie</th>
                <th scope="col">Ponad limit</th>
                <th scope="col">Kwota netto</th>
              </tr>
            </thead>
            <tbody>
              {b.lines.map((l) => (
                <tr key={l.serial}>
                  <td>{l.serial}</td>
                  <td>
                    {l.device}, {LEVEL_NAMES[l.level]}
                  </td>
                  <td className="num">{pln(l.fee)}</td>
                  {l.hasReading ? (
                    <>
                      <td className="num">
                        {l.usedMono} / {l.usedColor}
                      </td>
                      <td className="num">
                        {l.includedMono} / {l.includedColor}
                      </td>
                      <td className="num">
                        {l.overMono} / {l.overColor}
                        <span className="hint">
                          mono {pln(l.amountMono)}, kolor {pln(l.amountColor)}
                        </span>
                      </td>
                    </>
                  ) : (
                    <td colSpan={3}>
                      <strong className="status status-new">brak odczytu w okresie</strong>
                    </td>
                  )}
                  <td className="num">{pln(l.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6}>
                  Netto (abonament {pln(b.feeNet)}, ponad limit {pln(b.overageNet)}) / VAT / brutto
                </th>
                <td className="num">
                  <strong data-bill-net={b.contract}>{pln(b.net)}</strong>
                  <span className="hint">
                    VAT {pln(b.vat)}, brutto {pln(b.gross)}
                  </span>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ))}
      <h3>Podsumowanie klientów</h3>
      <DataTable columns={['Klient', 'NIP', 'Umowy', 'Netto', 'VAT', 'Brutto']} className="billing-customers">
        {billing.customers.map((t) => (
          <tr key={`${t.nip}-${t.company}`}>
            <td>{t.company}</td>
            <td>{t.nip ?? '—'}</td>
            <td>{t.contracts.join(', ')}</td>
            <td className="num">{pln(t.net)}</td>
            <td className="num">{pln(t.vat)}</td>
            <td className="num">{pln(t.gross)}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
