/**
 * The short information clause under the service forms and their optional marketing
 * consent (DESIGN §7 "Privacy"): every form shows both; the consent is stored with what
 * was sent and is never ticked in advance. The controller's name and data are in the
 * privacy policy the clause links to (kept out of here so the forms do not bundle the
 * company config).
 */
export const PRIVACY_TEXT = {
  clause: (purpose: string) =>
    `Twoje dane przetwarzamy, aby ${purpose} (art. 6 ust. 1 lit. b i f RODO), przez czas potrzebny do tego i do rozliczeń. Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, sprzeciwu i skargi do Prezesa UODO. Administrator danych i szczegóły: `,
  link: 'polityka prywatności',
  marketing:
    'Chcę otrzymywać e-mailem informacje o ofertach i promocjach Kserowo (zgoda dobrowolna, mogę ją wycofać w każdej chwili).',
} as const;
