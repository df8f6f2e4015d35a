/**
 * What the FA(3) schema (the Ministry's XSD, worker/invoices/ksef/spec/faktury/schemy/FA/)
 * imposes on the values an invoice takes from people's data: the simple types' patterns and
 * lengths, and which element of our XML has which type. One table, read by the forms where the
 * data enters (the NIP's pattern: widgets/core/nip.ts) and by the invoices' check before an
 * invoice is issued (worker/invoices/fa3-check.ts). The XSD itself cannot run in the Worker
 * (libxml2's WebAssembly does not run in workerd), so `tests/unit/fa3-rules.test.ts` reads the
 * vendored XSD and fails when this table says anything else.
 */

export interface Fa3SimpleType {
  /** The XSD's pattern, matched against the whole value. */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** `xsd:token`: runs of white space count as one space, none at the ends (the schema's whiteSpace collapse). */
  token?: boolean;
}

/** The simple types of the values we fill from data, with their facets as the XSD states them. */
export const FA3_TYPES = {
  /** etd:TNrNIP — a NIP whose tax-office prefix is real: no leading 0, not x00 (0123456789 passes the checksum, not this). */
  TNrNIP: { pattern: '[1-9]((\\d[1-9])|([1-9]\\d))\\d{7}' },
  /** tns:TZnakowy — one line, 1–256 characters. */
  TZnakowy: { minLength: 1, maxLength: 256, token: true },
  /** tns:TZnakowy512 — names and address lines, 1–512 characters. */
  TZnakowy512: { minLength: 1, maxLength: 512, token: true },
  /** etd:TAdresEmail */
  TAdresEmail: { minLength: 3, maxLength: 255, pattern: '(.)+@(.)+', token: true },
  /** tns:TNrRB — a bank account number, 10–34 characters. */
  TNrRB: { minLength: 10, maxLength: 34 },
} as const satisfies Record<string, Fa3SimpleType>;

export type Fa3TypeName = keyof typeof FA3_TYPES;

/**
 * Our XML's elements that carry data, by their path under `Faktura`, with their XSD type and
 * what a person calls them (the check's message). Every other element we write holds a value we
 * make ourselves (dates, amounts, codes), which the unit tests validate against the XSD.
 */
export const FA3_FIELDS: Readonly<Record<string, { type: Fa3TypeName; label: string }>> = {
  'Podmiot1/DaneIdentyfikacyjne/NIP': { type: 'TNrNIP', label: 'NIP sprzedawcy' },
  'Podmiot1/DaneIdentyfikacyjne/Nazwa': { type: 'TZnakowy512', label: 'nazwa sprzedawcy' },
  'Podmiot1/Adres/AdresL1': { type: 'TZnakowy512', label: 'adres sprzedawcy' },
  'Podmiot1/DaneKontaktowe/Email': { type: 'TAdresEmail', label: 'e-mail sprzedawcy' },
  'Podmiot2/DaneIdentyfikacyjne/NIP': { type: 'TNrNIP', label: 'NIP nabywcy' },
  'Podmiot2/DaneIdentyfikacyjne/Nazwa': { type: 'TZnakowy512', label: 'nazwa nabywcy' },
  'Podmiot2/Adres/AdresL1': { type: 'TZnakowy512', label: 'adres siedziby nabywcy' },
  'Podmiot3/DaneIdentyfikacyjne/NIP': { type: 'TNrNIP', label: 'NIP jednostki (Podmiot3)' },
  'Podmiot3/DaneIdentyfikacyjne/Nazwa': { type: 'TZnakowy512', label: 'nazwa jednostki (Podmiot3)' },
  'Podmiot3/Adres/AdresL1': { type: 'TZnakowy512', label: 'adres jednostki (Podmiot3)' },
  'Fa/P_1M': { type: 'TZnakowy', label: 'miejsce wystawienia' },
  'Fa/P_2': { type: 'TZnakowy', label: 'numer faktury' },
  'Fa/PrzyczynaKorekty': { type: 'TZnakowy', label: 'przyczyna korekty' },
  'Fa/DaneFaKorygowanej/NrFaKorygowanej': { type: 'TZnakowy', label: 'numer faktury korygowanej' },
  'Fa/Podmiot2K/DaneIdentyfikacyjne/NIP': { type: 'TNrNIP', label: 'NIP nabywcy sprzed korekty' },
  'Fa/Podmiot2K/DaneIdentyfikacyjne/Nazwa': { type: 'TZnakowy512', label: 'nazwa nabywcy sprzed korekty' },
  'Fa/Podmiot2K/Adres/AdresL1': { type: 'TZnakowy512', label: 'adres nabywcy sprzed korekty' },
  'Fa/DodatkowyOpis/Klucz': { type: 'TZnakowy', label: 'opis dodatkowy (klucz)' },
  'Fa/DodatkowyOpis/Wartosc': { type: 'TZnakowy', label: 'opis dodatkowy' },
  'Fa/FaWiersz/P_7': { type: 'TZnakowy512', label: 'nazwa usługi w wierszu' },
  'Fa/FaWiersz/P_8A': { type: 'TZnakowy', label: 'miara w wierszu' },
  'Fa/Platnosc/RachunekBankowy/NrRB': { type: 'TNrRB', label: 'numer rachunku' },
  'Fa/WarunkiTransakcji/Umowy/NrUmowy': { type: 'TZnakowy', label: 'numer umowy' },
};

/** A value as the schema reads it: an `xsd:token` with its white space collapsed. */
const asRead = (type: Fa3SimpleType, value: string): string =>
  type.token ? value.replace(/[\t\n\r ]+/g, ' ').trim() : value;

/** Whether a value is what the type allows (its pattern over the whole value, its lengths). */
export function fitsFa3(typeName: Fa3TypeName, value: string): boolean {
  const type: Fa3SimpleType = FA3_TYPES[typeName];
  const read = asRead(type, value);
  const length = [...read].length;
  if (type.minLength !== undefined && length < type.minLength) return false;
  if (type.maxLength !== undefined && length > type.maxLength) return false;
  return type.pattern === undefined || whole(type.pattern).test(read);
}

const compiled = new Map<string, RegExp>();
/** A pattern matched against the whole value, as XSD patterns are; compiled once. */
function whole(pattern: string): RegExp {
  const known = compiled.get(pattern);
  if (known) return known;
  const re = new RegExp(`^(?:${pattern})$`);
  compiled.set(pattern, re);
  return re;
}
