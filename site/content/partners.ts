/**
 * Copy of /dla-partnerow: how a partner embeds our widgets (DESIGN §2). The widgets,
 * their attributes, events, parts and custom properties come from their contracts
 * (widgets/contracts.ts); only the page's own sentences are here.
 */
import { LEAD_VALUE } from '../../widgets/core/analytics.ts';
import { THEME_PROPERTIES } from '../../widgets/core/contract.ts';
import { type AttributeRow, attributeRows, contracts, eventDetails } from '../../widgets/contracts.ts';

export interface AttributeDoc {
  name: string;
  values: string;
  text: string;
}

export interface WidgetDoc {
  tag: string;
  title: string;
  text: string;
  attributes: AttributeDoc[];
  /** `::part()` names. */
  parts: string[];
  events: string[];
}

export interface EventDoc {
  name: string;
  detail: string;
  text: string;
}

export const partnersPage = {
  title: 'Widżety Kserowo na Twojej stronie',
  lead:
    'Konfigurator, cennik, listę modeli i formularz kontaktowy Kserowo osadzisz na dowolnej stronie jednym skryptem. ' +
    'Zapytania i wyceny wysłane z Twojej strony trafiają prosto do nas, z Twoim oznaczeniem partnera, parametrami ' +
    'kampanii i adresem strony, na której je wysłano.',
  snippetTitle: '1. Wklej skrypt i element',
  snippetText:
    'Skrypt wystarczy wczytać raz na stronie, najlepiej w sekcji <head>. Sam definiuje wszystkie elementy i pobiera ' +
    'kod widżetu dopiero wtedy, gdy taki element zbliża się do widocznej części strony. Atrybut partner to Twój ' +
    'identyfikator, który od nas otrzymasz.',
  widgetsTitle: '2. Widżety i ich atrybuty',
  commonTitle: 'Atrybuty wspólne dla wszystkich widżetów',
  booleanNote:
    'Atrybuty logiczne działają jak w HTML: obecny atrybut (filters lub filters="") oznacza „tak”, brak atrybutu ' +
    'albo wartość "false" – „nie”. Usunięcie atrybutu od razu zmienia widżet. Każdy atrybut możesz też ustawić ' +
    'jako właściwość elementu w JavaScripcie (np. el.utmCampaign = "lato"), także zanim skrypt się wczyta.',
  eventsTitle: '3. Zdarzenia dla Twojej strony',
  eventsText:
    'Widżety wysyłają zdarzenia CustomEvent, które przechodzą przez granicę Shadow DOM (bubbles i composed), więc ' +
    'nasłuchujesz ich na elemencie albo na całym dokumencie:',
  analyticsTitle: 'Analityka na Twojej stronie',
  analyticsText:
    'Jeśli na Twojej stronie istnieją window.dataLayer (Google Tag Manager) lub window.fbq (piksel Meta), widżety ' +
    `dopisują do nich zdarzenia: generate_lead przy wysłaniu zapytania lub wyceny (wartość ${LEAD_VALUE} PLN), ` +
    'pricing_type_change, configurator_step i exception. Same niczego nie tworzą i nie wczytują – zgoda na cookies ' +
    'na Twojej stronie pozostaje w Twoich rękach.',
  themingTitle: '4. Wygląd: kolory, czcionka i części',
  themingText:
    'Widżety rysują się w Shadow DOM, więc style Twojej strony ich nie psują (także reguły w rodzaju ' +
    '* { color: red } czy html { font-size: 62.5% }). Wygląd zmienisz własnościami CSS ustawionymi na elemencie ' +
    'lub wyżej, a poszczególne fragmenty – selektorem ::part():',
  propertiesTitle: 'Własności CSS',
  partsTitle: 'Części (::part)',
  cspTitle: '5. Content Security Policy',
  cspText:
    'Widżety nie używają ramek iframe, nie wstawiają stylów do <head> Twojej strony (style są arkuszami ' +
    'konstruowanymi w Shadow DOM) i nie pobierają czcionek ani obrazków. Jeśli Twoja strona ma nagłówek CSP, dopisz ' +
    'nasz adres tylko do dwóch dyrektyw:',
  cspNote: 'Nie potrzebujesz style-src, font-src, img-src ani frame-src dla naszego adresu.',
  httpsNote:
    'Zalecamy HTTPS na Twojej stronie, ale nie jest ono wymagane: formularz kontaktowy i konfigurator działają ' +
    'także na stronach serwowanych przez zwykłe HTTP, a zgłoszenia trafiają do nas szyfrowanym połączeniem.',
  versionsTitle: '6. Wersje i integralność (SRI)',
  versionsText:
    'Adres /widgets/v1/kserowo.js zawsze wskazuje najnowsze wydanie wersji 1 (zmiany w wersji 1 nie psują ' +
    'atrybutów ani zdarzeń). Jeśli wolisz przypiąć konkretne wydanie, użyj pliku z hashem w nazwie i atrybutu ' +
    'integrity. Aktualne pliki i ich skróty SHA-384 są w manifeście:',
  versionsNote:
    'Pliki z hashem w nazwie nigdy się nie zmieniają. Skrypt doczytuje kolejne części kodu także z plików ' +
    'z hashem; manifest podaje skrót każdego z nich, np. do sekcji integrity w <script type="importmap">.',
  typesText:
    'Piszesz w TypeScripcie albo w React 19? Plik deklaracji typów opisuje elementy, ich atrybuty i zdarzenia ' +
    '(także propsy on… w JSX), a manifest Custom Elements to samo dla edytorów i narzędzi:',
  reactTitle: '7. React 19',
  reactText:
    'React 19 obsługuje elementy niestandardowe: atrybuty podajesz tak jak w HTML (z łącznikiem, np. utm-campaign), ' +
    'a zdarzenia widżetów odbierasz propsami on… z pełną nazwą zdarzenia, np. onkserowo:lead. Widżet zachowuje ' +
    'swój stan, gdy React renderuje stronę ponownie albo przestawia elementy; nowy klucz (key) daje nowy, pusty widżet. ' +
    'Jeśli wiesz, kim jest odwiedzający, wpisz jego dane z góry atrybutami name, email i phone (w konfiguratorze także ' +
    'company i nip): trafią do pustych pól, a to, co odwiedzający sam wpisze, zostaje.',
  attributionTitle: '8. Jak przypisujemy zapytania',
  attributionText:
    'Przy każdym zapytaniu i każdej wycenie zapisujemy: Twój identyfikator partnera, parametry utm_source, ' +
    'utm_medium i utm_campaign (najpierw z atrybutów widżetu, potem z adresu strony, a na końcu z pierwszej strony ' +
    'tej wizyty w karcie przeglądarki), adres strony, na której wysłano formularz, jej pochodzenie (origin) ' +
    'i stronę, z której przyszedł odwiedzający.',
  exampleTitle: '9. Przykład na żywo',
  exampleText:
    'Poniżej wszystkie widżety osadzone dokładnie tak, jak na stronie partnera, z atrybutem partner="demo" i własnym kolorem:',
  exampleNoScript: 'Widżety działają z włączonym JavaScriptem.',
  contact: 'Chcesz zostać partnerem albo potrzebujesz pomocy przy osadzeniu? Napisz do nas:',
} as const;

/** The "Wartości" column: allowed values, or what the value is, and the default. */
export function valuesText(row: AttributeRow): string {
  const what = row.doc.values
    ? Object.keys(row.doc.values).join(', ')
    : (row.doc.valueText ?? (row.kind === 'boolean' ? 'logiczny' : row.kind === 'number' ? 'liczba' : 'tekst'));
  return row.doc.default ? `${what} (domyślnie ${row.doc.default})` : what;
}

const attributeDoc = (row: AttributeRow): AttributeDoc => ({
  name: row.name,
  values: valuesText(row),
  text: row.doc.text,
});

export const commonAttributes: AttributeDoc[] = attributeRows(contracts[0] as (typeof contracts)[number])
  .filter((row) => row.common)
  .map(attributeDoc);

export const widgetDocs: WidgetDoc[] = contracts.map((c) => ({
  tag: c.tag,
  title: c.title,
  text: c.description,
  attributes: attributeRows(c)
    .filter((row) => !row.common)
    .map(attributeDoc),
  parts: [...c.parts],
  events: Object.keys(c.events),
}));

/** One row per event; an event several widgets send says what each of them means by it. */
export const eventDocs: EventDoc[] = [...eventDetails()].map(([name, details]) => {
  const senders = contracts.filter((c) => name in c.events);
  const texts = [...new Set(senders.map((c) => c.events[name as keyof typeof c.events]?.text ?? ''))];
  return {
    name,
    detail: details.join(' | '),
    text:
      texts.length === 1
        ? (texts[0] ?? '')
        : senders.map((c) => `${c.title}: ${c.events[name as keyof typeof c.events]?.text ?? ''}`).join(' '),
  };
});

export const customProperties: AttributeDoc[] = Object.entries(THEME_PROPERTIES).map(([name, p]) => ({
  name,
  values: p.default,
  text: p.text,
}));
