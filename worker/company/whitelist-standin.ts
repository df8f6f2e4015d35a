/**
 * A stand-in of the Ministry of Finance's White List API (`GET /api/search/nip/{nip}?date=`)
 * for `npm start` and the tests, which must never call the real address. It answers the
 * documented shapes: `200 {result: {subject, requestId, requestDateTime}}` (`subject: null`
 * when the NIP is not in the register) and the errors `{code, message}`. The NIPs it knows,
 * each with a correct checksum, are `STANDIN_NIPS`; any other valid NIP is "not found".
 */
import { Hono } from 'hono';

/** The test NIPs and what the stand-in answers for each (docs/orders.md "The White List stand-in"). */
export const STANDIN_NIPS = {
  /** An active VAT taxpayer (the Ministry of Finance itself), with its published account in `accountNumbers`. */
  active: '5260250274',
  /** A taxpayer exempt from VAT ('Zwolniony'): registered, but not an active VAT taxpayer. */
  exempt: '8390000011',
  /** A NIP whose taxpayer was struck off the VAT register ('Niezarejestrowany'). */
  unregistered: '8390000028',
  /** The API fails: `500 {code: 'WL-100'}`. */
  apiError: '8390000034',
  /** The API refuses: `429`, its daily limit used up. */
  rateLimited: '8390000040',
  /** The API answers with something that is not its JSON. */
  garbage: '8390000057',
} as const;

interface StandinSubject {
  name: string;
  statusVat: 'Czynny' | 'Zwolniony' | 'Niezarejestrowany';
  regon: string;
  krs: string | null;
  workingAddress: string | null;
  residenceAddress: string | null;
  /** NRB, 26 digits, as the register lists them. */
  accountNumbers: string[];
}

const SUBJECTS: Record<string, StandinSubject> = {
  [STANDIN_NIPS.active]: {
    name: 'MINISTERSTWO FINANSÓW',
    statusVat: 'Czynny',
    regon: '000002217',
    krs: null,
    workingAddress: 'ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA',
    residenceAddress: null,
    accountNumbers: ['61109010140000071219812874'],
  },
  [STANDIN_NIPS.exempt]: {
    name: 'PRZYKŁADOWA PRACOWNIA GRAFICZNA JAN KOWALSKI',
    statusVat: 'Zwolniony',
    regon: '220000010',
    krs: null,
    workingAddress: null,
    residenceAddress: 'DŁUGA 5, 76-200 SŁUPSK',
    accountNumbers: ['39105000990000001234567890'],
  },
  [STANDIN_NIPS.unregistered]: {
    name: 'PRZYKŁADOWA SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ W LIKWIDACJI',
    statusVat: 'Niezarejestrowany',
    regon: '220000029',
    krs: '0000000028',
    workingAddress: 'KRÓTKA 1, 75-001 KOSZALIN',
    residenceAddress: null,
    accountNumbers: [],
  },
};

const error = (code: string, message: string) => ({ code, message });

export const whitelistStandin = new Hono();

whitelistStandin.get('/api/search/nip/:nip', (c) => {
  const nip = c.req.param('nip');
  const date = c.req.query('date');
  const requestDateTime = new Date().toISOString();
  if (!date) return c.json(error('WL-101', "Pole 'data' nie może być puste."), 400);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return c.json(error('WL-103', "Pole 'data' ma nieprawidłowy format."), 400);
  if (nip.length !== 10)
    return c.json(error('WL-113', "Pole 'NIP' ma nieprawidłową długość. Wymagane jest 10 znaków (NIP)."), 400);
  if (!/^\d+$/.test(nip)) return c.json(error('WL-114', "Pole 'NIP' zawiera niedozwolone znaki."), 400);
  if (nip === STANDIN_NIPS.apiError) return c.json(error('WL-100', 'Wystąpił nieoczekiwany błąd serwera.'), 500);
  if (nip === STANDIN_NIPS.rateLimited)
    return c.json(error('WL-196', 'Przekroczono limit zapytań na dzień bieżący.'), 429);
  if (nip === STANDIN_NIPS.garbage) return c.html('<html><body>Przerwa techniczna</body></html>', 502);
  const subject = SUBJECTS[nip];
  return c.json({
    result: {
      subject: subject
        ? {
            ...subject,
            nip,
            pesel: null,
            registrationLegalDate: '2001-01-01',
            hasVirtualAccounts: false,
          }
        : null,
      requestId: `standin-${crypto.randomUUID().slice(0, 8)}`,
      requestDateTime,
    },
  });
});

whitelistStandin.notFound((c) => c.json(error('WL-190', 'Niepoprawne żądanie.'), 400));

/** `fetch` as the stand-in answers it: for the client when `WHITELIST_API_URL` is "stand-in". */
export const standinFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  whitelistStandin.fetch(new Request(input, init));
