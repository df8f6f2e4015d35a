/**
 * Copy of /dla-partnerow: how a partner embeds our widgets (DESIGN §2). The public
 * contract lives in DESIGN §2 and the widgets' doc comments; this page restates it in
 * Polish for partners, so change both together.
 */

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
    'dopisują do nich zdarzenia: generate_lead przy wysłaniu zapytania lub wyceny (wartość 100 PLN), ' +
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
  versionsTitle: '6. Wersje i integralność (SRI)',
  versionsText:
    'Adres /widgets/v1/kserowo.js zawsze wskazuje najnowsze wydanie wersji 1 (zmiany w wersji 1 nie psują ' +
    'atrybutów ani zdarzeń). Jeśli wolisz przypiąć konkretne wydanie, użyj pliku z hashem w nazwie i atrybutu ' +
    'integrity. Aktualne pliki i ich skróty SHA-384 są w manifeście:',
  versionsNote:
    'Pliki z hashem w nazwie nigdy się nie zmieniają. Skrypt doczytuje kolejne części kodu także z plików ' +
    'z hashem; manifest podaje skrót każdego z nich, np. do sekcji integrity w <script type="importmap">.',
  attributionTitle: '7. Jak przypisujemy zapytania',
  attributionText:
    'Przy każdym zapytaniu i każdej wycenie zapisujemy: Twój identyfikator partnera, parametry utm_source, ' +
    'utm_medium i utm_campaign (najpierw z atrybutów widżetu, potem z adresu strony, a na końcu z pierwszej strony ' +
    'tej wizyty w karcie przeglądarki), adres strony, na której wysłano formularz, jej pochodzenie (origin) ' +
    'i stronę, z której przyszedł odwiedzający.',
  exampleTitle: '8. Przykład na żywo',
  exampleText:
    'Poniżej widżety osadzone dokładnie tak, jak na stronie partnera, z atrybutem partner="demo" i własnym kolorem:',
  contact: 'Chcesz zostać partnerem albo potrzebujesz pomocy przy osadzeniu? Napisz do nas:',
} as const;

export const commonAttributes: AttributeDoc[] = [
  { name: 'partner', values: 'tekst', text: 'Twój identyfikator partnera; zapisujemy go przy każdym zapytaniu.' },
  {
    name: 'utm-source',
    values: 'tekst',
    text: 'Źródło kampanii (utm_source); ma pierwszeństwo przed parametrem w adresie strony.',
  },
  { name: 'utm-medium', values: 'tekst', text: 'Medium kampanii (utm_medium).' },
  { name: 'utm-campaign', values: 'tekst', text: 'Nazwa kampanii (utm_campaign).' },
  {
    name: 'api-base',
    values: 'adres URL',
    text: 'Adres naszego API; domyślnie adres, z którego wczytano skrypt. Zwykle go nie ustawiasz.',
  },
];

export const widgetDocs: WidgetDoc[] = [
  {
    tag: 'kserowo-configurator',
    title: 'Konfigurator oferty',
    text: 'Wybór urządzenia, pakietu i okresu umowy, a na końcu wycena wysyłana do nas z danymi kontaktowymi klienta.',
    attributes: [
      { name: 'device', values: 'id urządzenia, np. km-c258', text: 'Urządzenie wybrane na starcie.' },
      { name: 'package', values: 'basic, business, premium', text: 'Pakiet wybrany na starcie.' },
      {
        name: 'sync-url',
        values: 'logiczny',
        text: 'Zapisuje krok i wybory w adresie strony i historii przeglądarki. Domyślnie wyłączony, żeby nie zmieniać adresu Twojej strony.',
      },
    ],
    parts: [],
    events: ['kserowo:step', 'kserowo:lead', 'kserowo:error'],
  },
  {
    tag: 'kserowo-pricing',
    title: 'Cennik pakietów',
    text: 'Przełącznik Mono/Kolor i trzy karty pakietów (Basic, Business, Premium) z cenami netto i brutto.',
    attributes: [
      { name: 'type', values: 'mono, color (domyślnie color)', text: 'Rodzaj urządzeń pokazany na starcie.' },
      {
        name: 'configurator-url',
        values: 'adres URL',
        text: 'Dokąd prowadzą przyciski kart; domyślnie nasz konfigurator.',
      },
    ],
    parts: ['root', 'switch', 'card', 'price', 'cta'],
    events: ['kserowo:type-change', 'kserowo:error'],
  },
  {
    tag: 'kserowo-models',
    title: 'Modele urządzeń',
    text: 'Karty urządzeń: pełna lista z filtrami albo kilka najpopularniejszych.',
    attributes: [
      { name: 'limit', values: 'liczba', text: 'Ile urządzeń pokazać.' },
      {
        name: 'order',
        values: 'popular (domyślnie), price',
        text: 'Kolejność: najpopularniejsze albo od najtańszego.',
      },
      { name: 'filters', values: 'logiczny', text: 'Pokazuje filtry (rodzaj, format).' },
      {
        name: 'configurator-url',
        values: 'adres URL',
        text: 'Dokąd prowadzi przycisk karty; domyślnie nasz konfigurator.',
      },
      { name: 'sync-url', values: 'logiczny', text: 'Zapisuje filtry w adresie strony. Domyślnie wyłączony.' },
    ],
    parts: ['root', 'toolbar', 'card', 'price', 'cta', 'compare-bar', 'compare'],
    events: ['kserowo:error'],
  },
  {
    tag: 'kserowo-contact',
    title: 'Formularz kontaktowy',
    text: 'Krótki formularz: imię, e-mail, telefon i wiadomość. Wiadomość trafia do naszego działu sprzedaży.',
    attributes: [],
    parts: [],
    events: ['kserowo:lead', 'kserowo:error'],
  },
];

export const eventDocs: EventDoc[] = [
  { name: 'kserowo:type-change', detail: "{type: 'mono' | 'color'}", text: 'Odwiedzający przełączył cennik.' },
  { name: 'kserowo:step', detail: '{step: 1 | 2 | 3, deviceId?, level?}', text: 'Konfigurator przeszedł do kroku.' },
  {
    name: 'kserowo:lead',
    detail: "{kind: 'contact' | 'quote', number?, value: 100, currency: 'PLN'}",
    text: 'Zapytanie lub wycena zostały zapisane u nas; number to numer wyceny, np. KS-2026-000123.',
  },
  {
    name: 'kserowo:error',
    detail: "{kind: 'validation' | 'server' | 'network' | 'render', message}",
    text: 'Coś się nie udało; widżet sam pokazuje komunikat odwiedzającemu.',
  },
];

export const customProperties: AttributeDoc[] = [
  { name: '--kserowo-accent', values: '#0b5cad', text: 'Kolor przycisków, linków i wyróżnień.' },
  { name: '--kserowo-accent-hover', values: '#084a8c', text: 'Kolor przycisku po najechaniu.' },
  { name: '--kserowo-accent-contrast', values: '#fff', text: 'Kolor tekstu na przyciskach.' },
  { name: '--kserowo-text', values: '#1c2430', text: 'Kolor tekstu.' },
  { name: '--kserowo-muted', values: '#4b5563', text: 'Kolor tekstu pomocniczego.' },
  { name: '--kserowo-surface', values: '#fff', text: 'Tło kart.' },
  { name: '--kserowo-border', values: '#d8e0ea', text: 'Kolor obramowań.' },
  { name: '--kserowo-focus', values: '#f5a524', text: 'Obwódka elementu z fokusem klawiatury.' },
  {
    name: '--kserowo-font',
    values: 'systemowy krój',
    text: 'Krój pisma; użyj czcionki, którą Twoja strona już wczytała.',
  },
  { name: '--kserowo-radius', values: '10px', text: 'Zaokrąglenie rogów kart i przycisków.' },
  { name: '--kserowo-loading-height', values: '320px', text: 'Wysokość zarezerwowana na czas ładowania.' },
];
