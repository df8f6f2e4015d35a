/**
 * The shape of a widget's public contract (`widgets/<name>/contract.ts`) and the parts
 * every widget shares: the common attributes, the `kserowo:error` event and the theme's
 * custom properties. A contract file exports two things:
 *  - `tag` and `props` (attribute names as camelCase properties → how they are parsed):
 *    the only part the widget's own code imports, so it is all that gets bundled;
 *  - `contract`: tag, Polish title and description, the attributes' types, defaults,
 *    allowed values and Polish descriptions, events with their `detail` types, parts and
 *    custom properties. Read only by the site build, the admin, the generators
 *    (scripts/contracts.ts: the tables of docs/partners.md, custom-elements.json, kserowo.d.ts) and tests.
 * The list of all contracts is `widgets/contracts.ts`.
 */
import type { PropKind } from './define.ts';
import type { CommonProps } from './widget-props.ts';

export type PropKinds = Readonly<Record<string, PropKind>>;

export interface AttributeContract {
  /** Allowed values → their Polish label (for lists, the snippet builder's options). */
  values?: Readonly<Record<string, string>>;
  /** The default as written in HTML, when absence means a value. */
  default?: string;
  /** Polish: what the value is when it is not a list, e.g. 'adres URL'. */
  valueText?: string;
  /** Polish: what the attribute does. */
  text: string;
}

export interface EventContract {
  /** The TypeScript type of `event.detail`, as text (it goes into kserowo.d.ts). */
  detail: string;
  /** Polish: when the widget sends it. */
  text: string;
}

export interface CssPropertyContract {
  default: string;
  /** Polish: what it changes. */
  text: string;
}

/** The kinds of the component's props, as `props` must declare them (`P[K]` string, number or boolean). */
export type KindsFor<K extends PropKinds, P> = {
  [N in keyof K]: N extends keyof P
    ? NonNullable<P[N]> extends boolean
      ? 'boolean'
      : NonNullable<P[N]> extends number
        ? 'number'
        : NonNullable<P[N]> extends string
          ? 'string'
          : 'json'
    : never;
};

export interface WidgetContract<K extends PropKinds = PropKinds> {
  tag: `kserowo-${string}`;
  /** Polish name of the widget (partner page heading, snippet builder's list). */
  title: string;
  /** Polish: what the visitor gets. */
  description: string;
  /** The props of `props` other than the common ones, in the order they are documented. */
  kinds: K;
  attributes: { readonly [N in Exclude<keyof K, keyof CommonProps>]: AttributeContract };
  events: Readonly<Record<`kserowo:${string}`, EventContract>>;
  /** `::part()` names (none for a light-DOM widget). */
  parts: readonly string[];
  /** The theme's custom properties the widget's styles read. */
  cssProperties: readonly (keyof typeof THEME_PROPERTIES)[];
}

/** `utmSource` → `utm-source`: the attribute of a prop (as widgets/core/define.ts does). */
export const attributeName = (prop: string): string =>
  prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

export const COMMON_ATTRIBUTES: { readonly [N in keyof CommonProps]-?: AttributeContract } = {
  partner: {
    valueText: 'tekst',
    text: 'Twój identyfikator partnera, który od nas otrzymasz; zapytania przypisujemy tylko zarejestrowanym identyfikatorom.',
  },
  utmSource: {
    valueText: 'tekst',
    text: 'Źródło kampanii (utm_source); ma pierwszeństwo przed parametrem w adresie strony.',
  },
  utmMedium: { valueText: 'tekst', text: 'Medium kampanii (utm_medium).' },
  utmCampaign: { valueText: 'tekst', text: 'Nazwa kampanii (utm_campaign).' },
  apiBase: {
    valueText: 'adres URL',
    text: 'Adres naszego API; domyślnie adres, z którego wczytano skrypt. Zwykle go nie ustawiasz.',
  },
};

/** The forms' prefill attributes (widgets/core/prefill.ts); each form documents those of its fields. */
export const PREFILL_ATTRIBUTES = {
  name: { valueText: 'tekst', text: 'Imię i nazwisko wpisane z góry w formularz (odwiedzający może je zmienić).' },
  email: { valueText: 'adres e-mail', text: 'Adres e-mail wpisany z góry w formularz.' },
  phone: { valueText: 'numer telefonu', text: 'Telefon wpisany z góry w formularz.' },
  company: { valueText: 'tekst', text: 'Nazwa firmy wpisana z góry w formularz.' },
  nip: { valueText: '10 cyfr', text: 'NIP firmy wpisany z góry w formularz.' },
} as const satisfies Record<string, AttributeContract>;

/** The service forms' `serial` (widgets/core/service-form.tsx reads the page's `?serial=` too). */
export const SERIAL_ATTRIBUTE = {
  valueText: 'numer seryjny',
  text: 'Wstępnie wpisany numer seryjny urządzenia (także z parametru ?serial= adresu strony).',
} as const satisfies AttributeContract;

/** Every widget sends it (its error boundary does, and the forms on a failed send). */
export const ERROR_EVENT = {
  'kserowo:error': {
    detail: "{ kind: 'validation' | 'server' | 'network' | 'render'; message: string }",
    text: 'Coś się nie udało; widżet sam pokazuje komunikat odwiedzającemu.',
  },
} as const satisfies Record<string, EventContract>;

export const THEME_PROPERTIES = {
  '--kserowo-accent': { default: '#0b5cad', text: 'Kolor przycisków, linków i wyróżnień.' },
  '--kserowo-accent-hover': { default: '#084a8c', text: 'Kolor przycisku po najechaniu.' },
  '--kserowo-accent-contrast': { default: '#fff', text: 'Kolor tekstu na przyciskach.' },
  '--kserowo-text': { default: '#1c2430', text: 'Kolor tekstu.' },
  '--kserowo-muted': { default: '#4b5563', text: 'Kolor tekstu pomocniczego.' },
  '--kserowo-surface': { default: '#fff', text: 'Tło kart.' },
  '--kserowo-border': { default: '#d8e0ea', text: 'Kolor obramowań.' },
  '--kserowo-focus': { default: '#f5a524', text: 'Obwódka elementu z fokusem klawiatury.' },
  '--kserowo-font': {
    default: 'systemowy krój',
    text: 'Krój pisma; użyj czcionki, którą Twoja strona już wczytała.',
  },
  '--kserowo-radius': { default: '10px', text: 'Zaokrąglenie rogów kart i przycisków.' },
  '--kserowo-loading-height': { default: '320px', text: 'Wysokość zarezerwowana na czas ładowania.' },
} as const satisfies Record<`--kserowo-${string}`, CssPropertyContract>;

export type ThemeProperty = keyof typeof THEME_PROPERTIES;

/**
 * The documented dark theme (docs/partners-round4.md, /dla-partnerow): the colour properties for
 * a dark page. Every widget paints its own surface and derives every background from these, so
 * set on the widgets (or under the partner's `@media (prefers-color-scheme: dark)`) they pass
 * the contrast checks on a dark host.
 */
export const DARK_THEME = {
  '--kserowo-surface': '#17212e',
  '--kserowo-text': '#e9eef5',
  '--kserowo-muted': '#b9c4d2',
  '--kserowo-border': '#4a5a6e',
  '--kserowo-accent': '#7cc0ff',
  '--kserowo-accent-hover': '#a6d4ff',
  '--kserowo-accent-contrast': '#0b1520',
  '--kserowo-focus': '#f5a524',
} as const satisfies Partial<Record<ThemeProperty, string>>;

/** `DARK_THEME` as a CSS declaration block for `selector`. */
export const darkThemeCss = (selector: string): string =>
  `${selector} {\n${Object.entries(DARK_THEME)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n')}\n}`;
export const ALL_THEME_PROPERTIES = Object.keys(THEME_PROPERTIES) as ThemeProperty[];

/** The parts and custom properties of both service forms: the frames of widgets/core/service-form.tsx. */
export const SERVICE_FORM_STYLING = {
  parts: ['root', 'form', 'submit', 'done'],
  cssProperties: ALL_THEME_PROPERTIES,
} as const;

/** The TypeScript type of an attribute's property: its allowed values, or its kind. */
export function propertyType(kind: PropKind, attribute: AttributeContract | undefined): string {
  if (attribute?.values)
    return Object.keys(attribute.values)
      .map((v) => `'${v}'`)
      .join(' | ');
  return kind === 'json' ? 'unknown' : kind;
}
