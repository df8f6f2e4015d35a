/**
 * The UPO (official receipt) the stand-in gives, after spec/faktury/upo/schemy/upo-v4-3.xsd and
 * its examples: one `Dokument` per accepted invoice (an invoice's own UPO has one, a session's
 * all of the session's accepted invoices, up to 10 000 a page).
 */
import { escapeHtml } from '../../../admin-shared/html.ts';

export interface UpoDocument {
  sellerNip: string;
  ksefNumber: string;
  invoiceNumber: string;
  issueDate: string;
  /** ISO instants. */
  sentAt: string;
  acquiredAt: string;
  /** SHA-256 of the invoice, base64. */
  hash: string;
  offline: boolean;
}

export interface UpoSession {
  sessionRef: string;
  contextNip: string;
  /** KSeF token's reference, or the hash of the signed authentication document. */
  authentication: { tokenRef: string } | { documentHash: string };
  documents: UpoDocument[];
}

export function upoXml(upo: UpoSession): string {
  const auth =
    'tokenRef' in upo.authentication
      ? `<NumerReferencyjnyTokenaKSeF>${upo.authentication.tokenRef}</NumerReferencyjnyTokenaKSeF>`
      : `<SkrotDokumentuUwierzytelniajacego>${upo.authentication.documentHash}</SkrotDokumentuUwierzytelniajacego>`;
  const documents = upo.documents
    .map(
      (d) =>
        `<Dokument><NipSprzedawcy>${d.sellerNip}</NipSprzedawcy><NumerKSeFDokumentu>${d.ksefNumber}</NumerKSeFDokumentu>` +
        `<NumerFaktury>${escapeHtml(d.invoiceNumber)}</NumerFaktury><DataWystawieniaFaktury>${d.issueDate}</DataWystawieniaFaktury>` +
        `<DataPrzeslaniaDokumentu>${d.sentAt}</DataPrzeslaniaDokumentu><DataNadaniaNumeruKSeF>${d.acquiredAt}</DataNadaniaNumeruKSeF>` +
        `<SkrotDokumentu>${d.hash}</SkrotDokumentu><TrybWysylki>${d.offline ? 'Offline' : 'Online'}</TrybWysylki></Dokument>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">' +
    '<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>' +
    `<NumerReferencyjnySesji>${upo.sessionRef}</NumerReferencyjnySesji>` +
    `<Uwierzytelnienie><IdKontekstu><Nip>${upo.contextNip}</Nip></IdKontekstu>${auth}</Uwierzytelnienie>` +
    '<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej><KodFormularza>FA (3)</KodFormularza>' +
    `${documents}</Potwierdzenie>`
  );
}
