/**
 * FA(3) invoices for the KSeF tests, shaped after the Ministry's example (spec: examples/FA3-invoice.xml,
 * CIRFMF/ksef-pdf-generator, MIT) with our own number, NIPs and dates: what the sender carries
 * to KSeF, valid against the vendored FA(3) schema (checked in ksef.node.test.ts). The real
 * invoices come from the invoices feature; these only travel.
 */

export interface TestInvoice {
  number: string;
  sellerNip: string;
  buyerNip?: string;
  issueDate: string;
  /** Net in grosze of the one line (23 % VAT). */
  netGr?: number;
}

const money = (gr: number): string => (gr / 100).toFixed(2);

/** The FA(3) XML (UTF-8 text, no BOM) of a one-line invoice. */
export function fa3Xml(invoice: TestInvoice): string {
  const net = invoice.netGr ?? 12_300;
  const vat = Math.round(net * 0.23);
  return `<?xml version="1.0" encoding="utf-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>${invoice.issueDate}T08:00:00Z</DataWytworzeniaFa>
    <SystemInfo>Kserowo</SystemInfo>
  </Naglowek>
  <Podmiot1>
    <DaneIdentyfikacyjne>
      <NIP>${invoice.sellerNip}</NIP>
      <Nazwa>Kserowo sp. z o.o. &amp; wspólnicy</Nazwa>
    </DaneIdentyfikacyjne>
    <Adres>
      <KodKraju>PL</KodKraju>
      <AdresL1>ul. Przykładowa 1</AdresL1>
      <AdresL2>76-200 Słupsk</AdresL2>
    </Adres>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne>
      <NIP>${invoice.buyerNip ?? '6808208874'}</NIP>
      <Nazwa>Biuro Rachunkowe Żółć</Nazwa>
    </DaneIdentyfikacyjne>
    <Adres>
      <KodKraju>PL</KodKraju>
      <AdresL1>ul. Wójcik 7</AdresL1>
      <AdresL2>28-068 Pobiedziska</AdresL2>
    </Adres>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>${invoice.issueDate}</P_1>
    <P_2>${invoice.number}</P_2>
    <P_13_1>${money(net)}</P_13_1>
    <P_14_1>${money(vat)}</P_14_1>
    <P_15>${money(net + vat)}</P_15>
    <Adnotacje>
      <P_16>2</P_16>
      <P_17>2</P_17>
      <P_18>2</P_18>
      <P_18A>2</P_18A>
      <Zwolnienie>
        <P_19N>1</P_19N>
      </Zwolnienie>
      <NoweSrodkiTransportu>
        <P_22N>1</P_22N>
      </NoweSrodkiTransportu>
      <P_23>2</P_23>
      <PMarzy>
        <P_PMarzyN>1</P_PMarzyN>
      </PMarzy>
    </Adnotacje>
    <RodzajFaktury>VAT</RodzajFaktury>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <P_7>Abonament: Konica Minolta bizhub C3320i</P_7>
      <P_8A>szt.</P_8A>
      <P_8B>1</P_8B>
      <P_9A>${money(net)}</P_9A>
      <P_11>${money(net)}</P_11>
      <P_12>23</P_12>
    </FaWiersz>
  </Fa>
</Faktura>
`;
}
