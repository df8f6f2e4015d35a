/**
 * Texts of /polityka-prywatnosci and /regulamin. Company identifiers come from
 * `company` (widgets/core/company.ts); its sample values are announced above the text
 * (site/pages/legal.tsx) until they are filled in. Have both texts reviewed by a lawyer
 * before going live, and update `LEGAL_UPDATED` with every change.
 */
import type { Company } from '../../widgets/core/company.ts';
import { monthsText } from '../../widgets/core/plural.ts';
import { INVOICE_KEPT, RETENTION_MONTHS, SIGNED_ORDER_KEPT } from '../../widgets/core/privacy.ts';
import { QUOTE_VALID_DAYS } from '../../widgets/core/quote.ts';
import { PAGE_COUNTING } from '../../widgets/core/terms.ts';
import { CONSENT_KEPT_MONTHS } from '../../widgets/core/site-analytics.ts';
import { dateText } from '../../widgets/core/dates.ts';

/** A section renders its paragraphs first, then its list. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDoc {
  title: string;
  /** Date of the last change, ISO 8601 (YYYY-MM-DD). */
  updated: string;
  sections: LegalSection[];
}

export const LEGAL_UPDATED = '2026-11-25';

/** '2026-11-24' → '24 listopada 2026'. */
export const plDate = (iso: string): string => dateText(iso, 'long');

function controllerLine(c: Company): string {
  return `${c.legalName}, ${c.registeredAddress}, NIP ${c.nip}, REGON ${c.regon}, ${c.registryEntry}`;
}

export function privacyPolicy(c: Company): LegalDoc {
  return {
    title: 'Polityka prywatności',
    updated: LEGAL_UPDATED,
    sections: [
      {
        heading: '1. Administrator danych',
        paragraphs: [
          `Administratorem Twoich danych osobowych jest ${controllerLine(c)} (dalej: „Administrator” lub „${c.brand}”).`,
          `W sprawach dotyczących danych osobowych możesz skontaktować się z nami e-mailem: ${c.email}, ` +
            (c.phone ? `telefonicznie: ${c.phone.display} (${c.openingHours.display}) ` : '') +
            'lub listownie na adres siedziby.',
          `Polityka dotyczy serwisu ${c.domain} oraz naszych widżetów (konfiguratora, cennika, listy modeli i formularza ` +
            'kontaktowego), także wtedy, gdy są osadzone na stronach naszych partnerów.',
        ],
      },
      {
        heading: '2. Jakie dane przetwarzamy',
        paragraphs: [
          'Przetwarzamy dane, które sam nam podajesz, oraz dane techniczne związane z korzystaniem z serwisu:',
        ],
        list: [
          'w formularzu kontaktowym: imię lub imię i nazwisko, adres e-mail, a jeśli je podasz – numer telefonu i treść wiadomości;',
          'w konfiguratorze ofert: dodatkowo wybrane urządzenie, pakiet, okres umowy i szacowaną liczbę wydruków, a jeśli je ' +
            'podasz – nazwę firmy, NIP i miejscowość;',
          'w strefie klienta: adres e-mail z umowy, adres IP i informacje o przeglądarce przy logowaniu, zgłoszenia, ' +
            'odczyty liczników i zamówienia tonera;',
          'przy zamówieniu online: dane firmy (NIP, nazwa, adres, REGON, KRS), imię i nazwisko, stanowisko, adres e-mail ' +
            'i telefon osoby podpisującej umowę, adres i termin dostawy oraz ślad akceptacji umowy kodem (czas, adres IP, ' +
            'przeglądarka);',
          'dane o źródle zapytania: adres strony, z której wysłano formularz, domenę strony odsyłającej, parametry kampanii ' +
            '(UTM) oraz oznaczenie partnera, jeżeli formularz znajduje się na jego stronie;',
          'dane techniczne: adres IP, datę i godzinę żądania oraz informacje o przeglądarce, zapisywane w dziennikach serwera.',
        ],
      },
      {
        heading: '3. Dobrowolność podania danych',
        paragraphs: [
          'Podanie imienia i adresu e-mail jest dobrowolne, ale bez nich nie odpowiemy na wiadomość ani nie prześlemy wyceny. ' +
            'Pozostałe pola formularzy są opcjonalne. Zgoda na informacje marketingowe jest zawsze dobrowolna i nie jest ' +
            'warunkiem otrzymania wyceny.',
        ],
      },
      {
        heading: '4. Cele i podstawy prawne przetwarzania',
        paragraphs: ['Twoje dane przetwarzamy w następujących celach:'],
        list: [
          'odpowiedź na wiadomość z formularza kontaktowego i dalsza korespondencja – art. 6 ust. 1 lit. b RODO, gdy pytasz ' +
            'o ofertę (działania podejmowane na Twoje żądanie przed zawarciem umowy), a w pozostałych sprawach art. 6 ust. 1 ' +
            'lit. f RODO, czyli nasz prawnie uzasadniony interes polegający na odpowiadaniu na kierowaną do nas korespondencję;',
          'przygotowanie i przesłanie wyceny z konfiguratora oraz udostępnienie jej pod indywidualnym adresem – art. 6 ust. 1 ' +
            'lit. b RODO;',
          'kontakt z osobą działającą w imieniu firmy lub instytucji, dla której przygotowujemy ofertę – art. 6 ust. 1 lit. f ' +
            'RODO (prawnie uzasadniony interes polegający na prowadzeniu rozmów z klientem biznesowym);',
          'przesyłanie informacji handlowych e-mailem lub telefonicznie – wyłącznie na podstawie Twojej odrębnej zgody, ' +
            'art. 6 ust. 1 lit. a RODO w związku z przepisami ustawy – Prawo komunikacji elektronicznej;',
          'pomiar ruchu i skuteczności kampanii za pomocą narzędzi analitycznych i piksela reklamowego – wyłącznie po wyrażeniu ' +
            'zgody w banerze plików cookies, art. 6 ust. 1 lit. a RODO;',
          'przypisanie zapytania do kampanii lub partnera, który polecił nasze usługi, oraz prowadzenie statystyk zapytań – ' +
            'art. 6 ust. 1 lit. f RODO;',
          'zapewnienie bezpieczeństwa serwisu oraz ochrona przed spamem i nadużyciami – art. 6 ust. 1 lit. f RODO;',
          'zawarcie umowy najmu przez zamówienie online, obsługa strefy klienta (logowanie, zgłoszenia, odczyty liczników, ' +
            'zamówienia tonera) i potwierdzenia wysyłane e-mailem – art. 6 ust. 1 lit. b RODO;',
          'ustalenie, dochodzenie lub obrona roszczeń – art. 6 ust. 1 lit. f RODO;',
          'wypełnianie obowiązków prawnych, w szczególności podatkowych i rachunkowych, jeśli zawrzemy umowę – art. 6 ust. 1 ' +
            'lit. c RODO.',
        ],
      },
      {
        heading: '5. Odbiorcy danych',
        paragraphs: [
          'Nie sprzedajemy danych osobowych. Formularze w widżetach wysyłają dane bezpośrednio do nas, a nie do właściciela ' +
            'strony, na której widżet osadzono.',
          'Partner, na którego stronie wysłałeś zapytanie, widzi w swojej strefie partnera tylko datę zapytania, miasto, ' +
            'wybrane urządzenie i pakiet oraz etap sprawy – bez imienia, nazwiska, adresu e-mail, telefonu i treści wiadomości; ' +
            'nazwę firmy (dane z rejestru) widzi dopiero po podpisaniu przez nią zamówienia, a w rozliczeniu prowizji także ' +
            'numer umowy i kwoty zafakturowane i zapłacone.',
          'Twoje dane mogą otrzymać wyłącznie podmioty, które pomagają nam prowadzić serwis i obsługiwać zapytania – na ' +
            'podstawie umów powierzenia przetwarzania danych i tylko w niezbędnym zakresie:',
        ],
        list: [
          'Cloudflare, Inc. – dostawca hostingu, infrastruktury serwerowej i bazy danych, w której zapisujemy zapytania;',
          'dostawca usługi poczty elektronicznej, za pośrednictwem którego wysyłamy wiadomości i wyceny;',
          'podmioty świadczące nam usługi informatyczne, księgowe i prawne;',
          'Google Ireland Limited (Google Tag Manager, Google Analytics) oraz Meta Platforms Ireland Limited (piksel Meta) – ' +
            'wyłącznie wtedy, gdy wyrazisz zgodę na pliki cookies analityczne i marketingowe.',
        ],
      },
      {
        heading: '6. Przekazywanie danych poza Europejski Obszar Gospodarczy',
        paragraphs: [
          'Niektórzy z naszych dostawców, w tym Cloudflare, Inc., Google i Meta, mają siedzibę lub przetwarzają dane ' +
            'w Stanach Zjednoczonych. Dane przekazujemy wtedy wyłącznie z zabezpieczeniami wymaganymi przez RODO: na podstawie ' +
            'decyzji Komisji Europejskiej stwierdzającej odpowiedni stopień ochrony (EU-U.S. Data Privacy Framework) wobec ' +
            'podmiotów objętych certyfikacją albo na podstawie standardowych klauzul umownych przyjętych przez Komisję ' +
            'Europejską (art. 46 ust. 2 lit. c RODO).',
          `Informację o zastosowanych zabezpieczeniach i ich kopię otrzymasz, pisząc na adres ${c.email}.`,
        ],
      },
      {
        heading: '7. Okres przechowywania danych',
        paragraphs: ['Dane przechowujemy nie dłużej, niż jest to potrzebne:'],
        list: [
          'zapytania z formularza kontaktowego, wyceny z konfiguratora, zgłoszenia serwisowe i odczyty liczników – przez ' +
            `${monthsText(RETENTION_MONTHS)} od ich przesłania; po tym czasie usuwamy z nich dane osobowe (zostają tylko ` +
            'anonimowe dane statystyczne), a także wysłane o nich wiadomości e-mail;',
          'prośby o logowanie i sesje strefy klienta, zamówienia online niepodpisane kodem oraz wiadomości e-mail ze strefy ' +
            `klienta (link do logowania, potwierdzenia) – przez ${monthsText(RETENTION_MONTHS)} od ich utworzenia, potem je ` +
            'usuwamy; z zamówień tonera usuwamy wtedy dane osoby zamawiającej (zostaje samo zamówienie do umowy);',
          `${SIGNED_ORDER_KEPT};`,
          `${INVOICE_KEPT};`,
          'dane klientów, z którymi zawarliśmy umowę – przez czas jej trwania, a następnie do upływu terminów przedawnienia ' +
            'roszczeń oraz okresów przechowywania dokumentów wymaganych przepisami podatkowymi i rachunkowymi;',
          'dane przetwarzane na podstawie zgody – do czasu jej wycofania;',
          'dane przetwarzane na podstawie prawnie uzasadnionego interesu – do czasu osiągnięcia celu lub uwzględnienia ' +
            'Twojego sprzeciwu;',
          'dane techniczne z dzienników serwera – nie dłużej niż 90 dni;',
          `informację o Twojej decyzji w sprawie plików cookies – w przeglądarce, przez ${monthsText(CONSENT_KEPT_MONTHS)}.`,
        ],
      },
      {
        heading: '8. Twoje prawa',
        paragraphs: [
          `Aby skorzystać ze swoich praw, napisz na adres ${c.email}. Odpowiemy bez zbędnej zwłoki, nie później niż ` +
            'w ciągu miesiąca od otrzymania żądania.',
          'W związku z przetwarzaniem danych osobowych masz prawo do:',
        ],
        list: [
          'dostępu do swoich danych i otrzymania ich kopii (art. 15 RODO);',
          'sprostowania nieprawidłowych danych i uzupełnienia niekompletnych (art. 16 RODO);',
          'usunięcia danych (art. 17 RODO);',
          'ograniczenia przetwarzania (art. 18 RODO);',
          'przenoszenia danych przetwarzanych w sposób zautomatyzowany na podstawie zgody lub umowy (art. 20 RODO);',
          'wniesienia sprzeciwu wobec przetwarzania opartego na prawnie uzasadnionym interesie, a wobec marketingu ' +
            'bezpośredniego – w każdej chwili (art. 21 RODO);',
          'wycofania zgody w dowolnym momencie, bez wpływu na zgodność z prawem przetwarzania dokonanego przed jej wycofaniem ' +
            '(art. 7 ust. 3 RODO);',
          'wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych (ul. Stawki 2, 00-193 Warszawa), jeśli uznasz, że ' +
            'przetwarzamy Twoje dane niezgodnie z prawem (art. 77 RODO).',
        ],
      },
      {
        heading: '9. Zautomatyzowane podejmowanie decyzji',
        paragraphs: [
          'Nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, w tym profilowaniu, ' +
            'które wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały. Konfigurator automatycznie ' +
            'oblicza cenę wybranego pakietu, ale nie ocenia Twojej osoby.',
        ],
      },
      {
        heading: '10. Pliki cookies i podobne technologie',
        paragraphs: [
          'Pliki cookies to niewielkie pliki zapisywane przez przeglądarkę na Twoim urządzeniu. Podobnie działają pamięć ' +
            'lokalna i pamięć sesji przeglądarki. Korzystamy z nich w następujący sposób:',
        ],
        list: [
          'niezbędne – zapamiętują Twoją decyzję w sprawie plików cookies i utrzymują sesję zalogowanego administratora ' +
            'serwisu; nie wymagają zgody;',
          'pamięć sesji przeglądarki – do zamknięcia karty zapamiętujemy źródło wizyty (parametry kampanii UTM i oznaczenie ' +
            'partnera), aby przypisać do niego wysłane zapytanie;',
          'analityczne i marketingowe (Google Tag Manager, Google Analytics, piksel Meta) – wczytujemy je wyłącznie po ' +
            'kliknięciu „Akceptuję” w banerze. Jeśli klikniesz „Odrzucam”, nie uruchamiamy tych narzędzi.',
        ],
      },
      {
        heading: '11. Zmiana decyzji w sprawie plików cookies',
        paragraphs: [
          'Swoją decyzję możesz zmienić w każdej chwili za pomocą odnośnika „Ustawienia cookies” w stopce strony albo ' +
            'usuwając dane witryny w ustawieniach przeglądarki. Możesz też zablokować pliki cookies w przeglądarce – serwis ' +
            'będzie działał, ale baner zgody może wtedy pojawiać się przy każdej wizycie.',
        ],
      },
      {
        heading: '12. Bezpieczeństwo danych',
        paragraphs: [
          'Stosujemy środki techniczne i organizacyjne odpowiednie do ryzyka, m.in. szyfrowane połączenie (HTTPS), panel ' +
            'administracyjny chroniony hasłem, ochronę formularzy przed spamem i nadużyciami oraz dostęp do danych ' +
            'ograniczony do osób, które potrzebują go w pracy.',
        ],
      },
      {
        heading: '13. Zmiany polityki prywatności',
        paragraphs: [
          'Politykę aktualizujemy, gdy zmieniają się przepisy, nasi dostawcy lub funkcje serwisu. Aktualna wersja wraz z datą ' +
            'ostatniej zmiany jest zawsze dostępna na tej stronie.',
        ],
      },
    ],
  };
}

export function terms(c: Company): LegalDoc {
  return {
    title: 'Regulamin świadczenia usług drogą elektroniczną',
    updated: LEGAL_UPDATED,
    sections: [
      {
        heading: '§ 1. Postanowienia ogólne',
        paragraphs: [],
        list: [
          `Regulamin określa zasady świadczenia usług drogą elektroniczną w serwisie ${c.domain} oraz za pośrednictwem ` +
            `widżetów ${c.brand} osadzonych na stronach partnerów. Regulamin wydano na podstawie art. 8 ustawy z dnia ` +
            '18 lipca 2002 r. o świadczeniu usług drogą elektroniczną.',
          `Usługodawcą jest ${controllerLine(c)}; e-mail: ${c.email}${c.phone ? `, telefon: ${c.phone.display}` : ''}.`,
          'Usługodawca prowadzi obsługę klientów telefonicznie i przez internet; nie prowadzi biura obsługi klientów.',
          `Regulamin jest udostępniany nieodpłatnie pod adresem ${c.url}/regulamin w sposób umożliwiający jego pobranie, ` +
            'utrwalenie i wydrukowanie.',
        ],
      },
      {
        heading: '§ 2. Definicje',
        paragraphs: ['Użyte w regulaminie określenia oznaczają:'],
        list: [
          `Serwis – strona internetowa dostępna pod adresem ${c.url} wraz z podstronami;`,
          'Widżet – element Serwisu (konfigurator, cennik, lista modeli lub formularz kontaktowy) osadzony na stronie ' +
            'internetowej Partnera;',
          'Partner – podmiot, który umieścił Widżet na swojej stronie internetowej na zasadach ustalonych z Usługodawcą;',
          'Usługodawca – podmiot wskazany w § 1 ust. 2;',
          'Użytkownik – osoba fizyczna, osoba prawna lub jednostka organizacyjna nieposiadająca osobowości prawnej, ' +
            'która korzysta z Serwisu lub Widżetu;',
          'Usługi – usługi świadczone drogą elektroniczną opisane w § 3;',
          'Formularz kontaktowy – formularz umożliwiający wysłanie wiadomości do Usługodawcy;',
          'Konfigurator – narzędzie umożliwiające wybór urządzenia, pakietu i okresu umowy oraz otrzymanie Wyceny;',
          'Wycena – zestawienie kosztów wybranej konfiguracji przygotowane przez Konfigurator, oznaczone numerem ' +
            'i dostępne pod indywidualnym adresem internetowym;',
          'Dzień roboczy – dzień od poniedziałku do piątku z wyjątkiem dni ustawowo wolnych od pracy;',
          'RODO – rozporządzenie Parlamentu Europejskiego i Rady (UE) 2016/679 z dnia 27 kwietnia 2016 r. w sprawie ochrony ' +
            'osób fizycznych w związku z przetwarzaniem danych osobowych i w sprawie swobodnego przepływu takich danych oraz ' +
            'uchylenia dyrektywy 95/46/WE (ogólne rozporządzenie o ochronie danych).',
        ],
      },
      {
        heading: '§ 3. Rodzaje i zakres usług',
        paragraphs: ['Usługodawca świadczy nieodpłatnie następujące Usługi:'],
        list: [
          'udostępnianie treści Serwisu, w tym informacji o urządzeniach, pakietach i cenach;',
          'Formularz kontaktowy – wysłanie wiadomości z prośbą o kontakt, konsultację lub ofertę;',
          'Konfigurator – wybór urządzenia, pakietu i okresu umowy, wygenerowanie Wyceny i przesłanie jej na podany ' +
            'adres e-mail.',
        ],
      },
      {
        heading: '§ 4. Wyceny i ceny',
        paragraphs: [
          `Wycena jest ważna przez ${QUOTE_VALID_DAYS} dni od dnia jej wygenerowania. Ma charakter informacyjny i nie stanowi oferty ` +
            'w rozumieniu art. 66 § 1 ustawy z dnia 23 kwietnia 1964 r. – Kodeks cywilny, lecz zaproszenie do zawarcia ' +
            'umowy (art. 71 Kodeksu cywilnego).',
          'Ceny podane w Serwisie, w Widżetach i w Wycenie są cenami netto; doliczany jest do nich podatek VAT według ' +
            'obowiązującej stawki.',
          `${PAGE_COUNTING} Tak samo liczymy strony w limicie pakietu, w stronach ponad limit, w odczytach liczników i na ` +
            'rozliczeniu.',
          'Umowa najmu (potocznie: dzierżawy) urządzenia jest zawierana odrębnie, po analizie potrzeb klienta, na warunkach ' +
            'w niej określonych. Skorzystanie z Usług nie zobowiązuje Użytkownika do zawarcia takiej umowy.',
          'Oferta przedstawiana w Serwisie jest skierowana przede wszystkim do przedsiębiorców i instytucji.',
        ],
      },
      {
        heading: '§ 5. Wymagania techniczne',
        paragraphs: ['Do korzystania z Serwisu potrzebne są:'],
        list: [
          'urządzenie z dostępem do internetu;',
          'aktualna wersja przeglądarki internetowej, np. Chrome, Firefox, Safari lub Edge;',
          'włączona obsługa JavaScript – do korzystania z Formularza kontaktowego, Konfiguratora i Widżetów;',
          'aktywny adres e-mail – do otrzymania odpowiedzi lub Wyceny.',
        ],
      },
      {
        heading: '§ 6. Zagrożenia związane z korzystaniem z usług',
        paragraphs: [
          'Korzystanie z internetu wiąże się z typowymi zagrożeniami, takimi jak złośliwe oprogramowanie, wyłudzanie ' +
            'danych (phishing) czy przechwycenie niezabezpieczonej transmisji. Serwis korzysta z szyfrowanego połączenia ' +
            'HTTPS. Usługodawca nigdy nie prosi w wiadomościach e-mail o hasła ani dane kart płatniczych.',
        ],
      },
      {
        heading: '§ 7. Zasady korzystania z Serwisu',
        paragraphs: [],
        list: [
          'Użytkownik korzysta z Serwisu zgodnie z prawem, dobrymi obyczajami i regulaminem.',
          'Zakazane jest dostarczanie treści o charakterze bezprawnym, w tym naruszających dobra osobiste lub prawa osób trzecich.',
          'Zakazane jest wysyłanie niezamówionych informacji handlowych oraz automatyczne wypełnianie formularzy.',
          'Zakazane są działania zakłócające pracę Serwisu, w tym nadmierne obciążanie go zapytaniami.',
          'Użytkownik podaje w formularzach prawdziwe dane, a dane innej osoby – tylko wtedy, gdy ma do tego podstawę prawną.',
          'Usługodawca może czasowo ograniczyć możliwość wysyłania formularzy z adresów, z których pochodzą nadużycia.',
          'Treści Serwisu, w tym teksty, grafiki i oprogramowanie Widżetów, są chronione prawem autorskim.',
        ],
      },
      {
        heading: '§ 8. Zawarcie i rozwiązanie umowy o świadczenie usług',
        paragraphs: [],
        list: [
          'Umowa o udostępnianie treści Serwisu zostaje zawarta z chwilą wejścia na stronę Serwisu i rozwiązana z chwilą ' +
            'jej opuszczenia.',
          'Umowa o korzystanie z Formularza kontaktowego zostaje zawarta z chwilą rozpoczęcia jego wypełniania i rozwiązana ' +
            'z chwilą wysłania wiadomości albo rezygnacji z jej wysłania.',
          'Umowa o korzystanie z Konfiguratora zostaje zawarta z chwilą rozpoczęcia korzystania z niego i rozwiązana z chwilą ' +
            'przesłania Wyceny albo zaprzestania korzystania z Konfiguratora. Wycena pozostaje dostępna pod przesłanym adresem ' +
            'co najmniej przez okres jej ważności.',
          'Użytkownik może w każdej chwili zrezygnować z Usług, opuszczając Serwis.',
        ],
      },
      {
        heading: '§ 9. Reklamacje',
        paragraphs: [],
        list: [
          `Reklamacje dotyczące działania Serwisu i Usług można składać e-mailem na adres ${c.email} lub pisemnie na adres ` +
            'siedziby Usługodawcy.',
          'Reklamacja powinna zawierać dane kontaktowe Użytkownika i opis problemu, a w miarę możliwości także datę jego ' +
            'wystąpienia i nazwę używanej przeglądarki.',
          'Usługodawca rozpatruje reklamację w terminie 14 dni od jej otrzymania i przesyła odpowiedź na adres e-mail lub ' +
            'adres korespondencyjny wskazany przez Użytkownika.',
          'Procedura z tego paragrafu nie dotyczy urządzeń i usług serwisowych świadczonych na podstawie umowy najmu – ' +
            'reklamacje w tym zakresie rozpatrujemy według zasad określonych w tej umowie.',
        ],
      },
      {
        heading: '§ 10. Dane osobowe',
        paragraphs: [
          'Administratorem danych osobowych Użytkowników jest Usługodawca. Cele i podstawy prawne przetwarzania, okresy ' +
            `przechowywania danych oraz prawa Użytkowników opisuje Polityka prywatności dostępna pod adresem ` +
            `${c.url}/polityka-prywatnosci.`,
        ],
      },
      {
        heading: '§ 11. Postanowienia końcowe',
        paragraphs: [],
        list: [
          'Usługodawca może zmienić regulamin z ważnych przyczyn, w szczególności w razie zmiany przepisów, zakresu Usług ' +
            'lub rozwiązań technicznych. Zmiany wchodzą w życie w terminie wskazanym przy publikacji, nie krótszym niż 7 dni ' +
            'od udostępnienia nowej wersji w Serwisie. Do Usług rozpoczętych przed zmianą stosuje się dotychczasową wersję.',
          'W sprawach nieuregulowanych regulaminem stosuje się przepisy prawa polskiego, w szczególności ustawy ' +
            'o świadczeniu usług drogą elektroniczną, Kodeksu cywilnego oraz RODO.',
          'Regulamin nie wyłącza ani nie ogranicza praw konsumentów ani przedsiębiorców na prawach konsumenta wynikających ' +
            'z bezwzględnie obowiązujących przepisów. Takie osoby mogą również skorzystać z pozasądowych sposobów ' +
            'rozwiązywania sporów, np. z pomocy miejskiego lub powiatowego rzecznika konsumentów.',
          'Spory z Użytkownikami będącymi przedsiębiorcami, innymi niż przedsiębiorcy na prawach konsumenta, rozstrzyga sąd ' +
            'właściwy dla siedziby Usługodawcy.',
          `Regulamin obowiązuje od dnia ${plDate(LEGAL_UPDATED)} r.`,
        ],
      },
    ],
  };
}
