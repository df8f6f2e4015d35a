/**
 * City pages (/miasto/{slug}) and the /miasta overview. Each city has its own
 * facts, local FAQ and meta texts (DESIGN §3): edit them here. Distances and
 * travel times are by road from Słupsk, rounded; coordinates are the town
 * centres. Koszalin and Sławno lie in zachodniopomorskie, the others in pomorskie.
 */
import { company } from '../../widgets/core/company.ts';
import { SERVICE_CITIES } from '../../widgets/core/quote.ts';
import { contractTermsText, terms, withinWorkingHours } from '../../widgets/core/terms.ts';
import type { City } from './city-types.ts';

export type { City } from './city-types.ts';

const { freeTrialDays, standardResponseHours, premiumSlaHours } = terms;
// The names are those the configurator offers (widgets/core/quote.ts), in the same order.
const [SLUPSK, BYTOW, KOSZALIN, LEBORK, MIASTKO, SLAWNO] = SERVICE_CITIES as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const STANDARD_RESPONSE = withinWorkingHours(standardResponseHours);
const PREMIUM_RESPONSE = `${withinWorkingHours(premiumSlaHours)} w pakiecie Premium`;

export const cities: City[] = [
  {
    slug: 'slupsk',
    name: SLUPSK,
    locative: 'w Słupsku',
    genitive: 'Słupska',
    county: 'miasto na prawach powiatu, siedziba powiatu słupskiego',
    voivodeship: 'pomorskie',
    geo: { lat: 54.4641, lon: 17.0287 },
    isBase: true,
    distanceKm: 0,
    travelMinutes: 0,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: 'To nasza baza – na terenie Słupska serwisant często dociera jeszcze tego samego dnia roboczego.',
    },
    nearbyTowns: ['Ustka', 'Kobylnica', 'Redzikowo', 'Dębnica Kaszubska', 'Damnica', 'Główczyce'],
    heading: 'Dzierżawa kserokopiarek w Słupsku',
    intro: [
      'Słupsk to baza Kserowo. Stąd wyjeżdżają nasi serwisanci, dlatego firmy i instytucje z miasta oraz okolicznych gmin ' +
        'obsługujemy najszybciej – od instalacji, przez dostawy tonera, po naprawy.',
      'Pracujemy dla biur rachunkowych, kancelarii, przychodni, szkół i firm produkcyjnych. Biuru, które drukuje kilkaset stron ' +
        `miesięcznie, zwykle wystarcza pakiet Basic; większe zespoły wybierają Business albo Premium z czasem reakcji serwisu ${withinWorkingHours(premiumSlaHours)}.`,
      'Nie prowadzimy biura obsługi klienta ani salonu – ofertę, umowę i zgłoszenia serwisowe załatwisz telefonicznie lub online, ' +
        'a technik przyjedzie do Twojej siedziby.',
    ],
    highlights: [
      'Stąd wyjeżdża nasz zespół serwisowy – najkrótszy dojazd w całym regionie',
      'Słupska Specjalna Strefa Ekonomiczna – obsługujemy biura firm produkcyjnych i usługowych',
      'Obsługujemy też Ustkę, Kobylnicę, Redzikowo i Dębnicę Kaszubską',
    ],
    faq: [
      {
        question: 'Czy mogę przyjechać do Waszego biura w Słupsku i obejrzeć urządzenia?',
        answer:
          'Nie prowadzimy biura ani salonu sprzedaży – działamy online i telefonicznie. Zamiast wizyty u nas proponujemy ' +
          `${freeTrialDays} dni bezpłatnego testu: przywieziemy wybrane urządzenie do Twojej firmy i sprawdzisz je w codziennej pracy.`,
      },
      {
        question: 'Czy obsługujecie także Ustkę i gminy wokół Słupska?',
        answer:
          'Tak. Ustka, Kobylnica, Redzikowo, Dębnica Kaszubska czy Damnica są w zasięgu naszego serwisu na tych samych ' +
          `warunkach co Słupsk: reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
      },
      {
        question: 'Ile trwa instalacja urządzenia w firmie?',
        answer:
          'Termin instalacji ustalamy telefonicznie po podpisaniu umowy. Podłączenie urządzenia, konfiguracja drukowania ' +
          'i skanowania oraz krótkie przeszkolenie pracowników zajmują zwykle godzinę lub dwie.',
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Słupsk – Konica Minolta | Kserowo',
    metaDescription:
      `Dzierżawa kserokopiarek Konica Minolta w Słupsku: stała opłata, serwis i toner w cenie, reakcja ${withinWorkingHours(standardResponseHours)}, ` +
      `w Premium ${withinWorkingHours(premiumSlaHours)}. ${freeTrialDays} dni bezpłatnego testu.`,
  },
  {
    slug: 'bytow',
    name: BYTOW,
    locative: 'w Bytowie',
    genitive: 'Bytowa',
    county: 'powiat bytowski',
    voivodeship: 'pomorskie',
    geo: { lat: 54.1706, lon: 17.4919 },
    isBase: false,
    distanceKm: 72,
    travelMinutes: 70,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: 'Wizyty w Bytowie i okolicznych gminach planujemy w stałych trasach, a pilne awarie obsługujemy w tym samym czasie co w Słupsku.',
    },
    nearbyTowns: ['Parchowo', 'Tuchomie', 'Borzytuchom', 'Czarna Dąbrówka', 'Studzienice', 'Lipnica'],
    heading: 'Dzierżawa kserokopiarek w Bytowie',
    intro: [
      'Bytów, stolica powiatu bytowskiego, to jedno z ważniejszych miast Kaszub. Działają tu starostwo, urząd miejski, szkoły ' +
        'i instytucje pomocy społecznej, a także firmy produkcyjne oraz obsługujące ruch turystyczny nad okolicznymi jeziorami.',
      'Urzędy i szkoły cenią w dzierżawie stałą, przewidywalną opłatę, którą łatwo zaplanować w budżecie na cały rok. ' +
        'Na zapytanie ofertowe przygotujemy ofertę zgodną z wymaganiami zamawiającego.',
      'Z Bytowa do Słupska jest ok. 70 km. Wizyty serwisowe w Bytowie i okolicznych gminach łączymy w stałe trasy, ' +
        `a zgłoszenia awarii obsługujemy ${withinWorkingHours(standardResponseHours)}, w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
    ],
    highlights: [
      'Stolica powiatu bytowskiego w sercu Kaszub, z krzyżackim zamkiem',
      'Ok. 70 km od Słupska – dojazd serwisu w niewiele ponad godzinę',
      'Obsługujemy też Parchowo, Tuchomie, Borzytuchom i Czarną Dąbrówkę',
    ],
    faq: [
      {
        question: 'Czy przygotujecie ofertę na zapytanie ofertowe urzędu lub szkoły?',
        answer:
          'Tak. Prześlij nam treść zapytania lub opis przedmiotu zamówienia, a przygotujemy ofertę z zestawieniem urządzenia, ' +
          'pakietu i warunków serwisu. Stała miesięczna opłata ułatwia zaplanowanie wydatków w budżecie jednostki.',
      },
      {
        question: 'Czy technik pokaże pracownikom, jak skanować dokumenty do folderu albo na e-mail?',
        answer:
          'Tak. Przy instalacji konfigurujemy drukowanie z komputerów, skanowanie do poczty e-mail i folderów sieciowych ' +
          'oraz pokazujemy pracownikom obsługę urządzenia. Gdy dojdą nowe stanowiska, pomożemy je podłączyć.',
      },
      {
        question: 'Czy dojedziecie do firmy w gminie Parchowo albo Tuchomie?',
        answer:
          'Tak. Obsługujemy cały powiat bytowski, także mniejsze miejscowości z dala od Bytowa. Czas reakcji jest taki sam ' +
          `jak w mieście: ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Bytów – serwis w cenie | Kserowo',
    metaDescription:
      'Kserokopiarki Konica Minolta w abonamencie dla firm, urzędów i szkół w Bytowie i powiecie bytowskim. ' +
      `Serwis ${withinWorkingHours(standardResponseHours)}, Premium ${withinWorkingHours(premiumSlaHours)}, ${freeTrialDays} dni testu.`,
  },
  {
    slug: 'koszalin',
    name: KOSZALIN,
    locative: 'w Koszalinie',
    genitive: 'Koszalina',
    county: 'miasto na prawach powiatu, siedziba powiatu koszalińskiego',
    voivodeship: 'zachodniopomorskie',
    geo: { lat: 54.1943, lon: 16.1722 },
    isBase: false,
    distanceKm: 68,
    travelMinutes: 55,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: 'Dojazd ze Słupska do Koszalina zajmuje technikowi niespełna godzinę.',
    },
    nearbyTowns: ['Mielno', 'Sianów', 'Biesiekierz', 'Świeszyno', 'Manowo', 'Będzino'],
    heading: 'Dzierżawa kserokopiarek w Koszalinie',
    intro: [
      'Koszalin to największe z miast, w których działamy na co dzień, i ważny ośrodek administracyjny, akademicki ' +
        'i biznesowy Pomorza Środkowego. Działają tu sądy, urzędy, Politechnika Koszalińska, liczne kancelarie, ' +
        'biura rachunkowe i firmy usługowe.',
      'Kancelarie, biura rachunkowe i działy administracji drukują dużo, dlatego często wybierają ' +
        `pakiet Business albo Premium, nierzadko z kolorowym urządzeniem A3. Premium daje czas reakcji serwisu ${withinWorkingHours(premiumSlaHours)} – ` +
        'ważny tam, gdzie pisma trzeba złożyć w terminie.',
      'Z Koszalina do Słupska jest ok. 70 km, więc serwisant dojeżdża w niespełna godzinę. Przy dłuższej naprawie ' +
        'zostawiamy urządzenie zastępcze, aby praca biura nie stanęła.',
    ],
    highlights: [
      'Ponad 100 tys. mieszkańców – największe z obsługiwanych przez nas miast',
      'Ok. 70 km od Słupska – dojazd serwisu w niespełna godzinę',
      'Obsługujemy też Mielno, Sianów, Biesiekierz i Świeszyno',
    ],
    faq: [
      {
        question: 'Mamy kilka biur w Koszalinie – czy obejmiecie je jedną umową?',
        answer:
          'Tak. W jednej umowie możemy ująć kilka urządzeń w różnych lokalizacjach, każde z pakietem dobranym do liczby ' +
          'wydruków w danym biurze. Szczegóły rozliczeń ustalimy podczas analizy potrzeb.',
      },
      {
        question: 'Co jeśli w danym miesiącu przekroczymy limit stron?',
        answer:
          'Urządzenie działa dalej bez przerw. Strony ponad limit pakietu rozliczamy według stawki za stronę, którą znasz ' +
          'przed podpisaniem umowy. Jeśli limit przekraczasz regularnie, doradzimy wyższy pakiet – zwykle wychodzi taniej.',
      },
      {
        question: 'Jak szybko serwis dojedzie do Koszalina?',
        answer:
          `Na zgłoszenia reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}. Sam dojazd ze Słupska zajmuje ` +
          'technikowi niespełna godzinę, a przy dłuższej naprawie dostarczamy urządzenie zastępcze.',
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Koszalin – dla biur | Kserowo',
    metaDescription:
      'Dzierżawa kserokopiarek Konica Minolta w Koszalinie: pakiety Basic, Business i Premium z serwisem i tonerem w cenie. ' +
      `Reakcja ${withinWorkingHours(standardResponseHours)}, w Premium ${withinWorkingHours(premiumSlaHours)}.`,
  },
  {
    slug: 'lebork',
    name: LEBORK,
    locative: 'w Lęborku',
    genitive: 'Lęborka',
    county: 'powiat lęborski',
    voivodeship: 'pomorskie',
    geo: { lat: 54.5392, lon: 17.7501 },
    isBase: false,
    distanceKm: 55,
    travelMinutes: 50,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: `Dla firm, w których przestój drukarki zatrzymuje wysyłki, polecamy Premium z reakcją ${withinWorkingHours(premiumSlaHours)}.`,
    },
    nearbyTowns: ['Łeba', 'Nowa Wieś Lęborska', 'Cewice', 'Wicko', 'Potęgowo', 'Gniewino'],
    heading: 'Dzierżawa kserokopiarek w Lęborku',
    intro: [
      'Lębork to gospodarcze centrum powiatu lęborskiego, położone przy drodze krajowej nr 6 i linii kolejowej do Trójmiasta. ' +
        'Działają tu zakłady produkcyjne, firmy transportowe i logistyczne, hurtownie oraz biura obsługujące przedsiębiorców ' +
        'z całego powiatu.',
      'W firmach produkcyjnych i logistycznych urządzenie pracuje codziennie: dokumenty przewozowe, magazynowe, faktury. ' +
        `Awaria w takim miejscu zatrzymuje pracę, dlatego polecamy pakiet Premium z reakcją serwisu ${withinWorkingHours(premiumSlaHours)} i urządzeniem ` +
        'zastępczym na czas dłuższej naprawy.',
      'Obsługujemy także Łebę i gminy nadmorskie, w których wiele firm działa sezonowo – dla nich mamy elastyczne, ' +
        'krótsze warianty umowy.',
    ],
    highlights: [
      'Ok. 55 km od Słupska – dojazd serwisu w ok. 50 minut',
      'Zaplecze przemysłowe i logistyczne przy drodze krajowej nr 6',
      'Obsługujemy też Łebę, Nową Wieś Lęborską, Cewice i Wicko',
    ],
    faq: [
      {
        question: 'Pracujemy na dwie zmiany – co jeśli urządzenie zepsuje się po południu?',
        answer:
          `Telefonicznie przyjmujemy zgłoszenia ${company.openingHours.displayLong}, a e-mailem możesz je wysłać ` +
          `o każdej porze – zajmiemy się nimi na początku kolejnego dnia roboczego. W pakiecie Premium reagujemy ${withinWorkingHours(premiumSlaHours)}, ` +
          'a przy dłuższej naprawie dostarczamy urządzenie zastępcze.',
      },
      {
        question: 'Czy urządzenie poradzi sobie z dużą liczbą dokumentów magazynowych?',
        answer:
          'Dobierzemy model i pakiet do Twojego wolumenu – przy kilku tysiącach stron miesięcznie sprawdzi się urządzenie A3 ' +
          `w pakiecie Business lub Premium. Przez ${freeTrialDays} dni możesz je bezpłatnie przetestować na własnych dokumentach.`,
      },
      {
        question: 'Czy obsługujecie firmy w Łebie, które działają tylko w sezonie?',
        answer:
          `Tak. Poza standardowymi umowami na ${contractTermsText()} miesięcy przygotowujemy na zapytanie krótsze, elastyczne warianty. ` +
          'Urządzenie dostarczymy przed sezonem i odbierzemy po jego zakończeniu.',
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Lębork i Łeba | Kserowo',
    metaDescription:
      `Kserokopiarki Konica Minolta w abonamencie dla firm z Lęborka i Łeby: serwis i toner w cenie, Premium z reakcją ${withinWorkingHours(premiumSlaHours)}, ` +
      `urządzenie zastępcze, ${freeTrialDays} dni testu.`,
  },
  {
    slug: 'miastko',
    name: MIASTKO,
    locative: 'w Miastku',
    genitive: 'Miastka',
    county: 'powiat bytowski',
    voivodeship: 'pomorskie',
    geo: { lat: 54.0023, lon: 16.9826 },
    isBase: false,
    distanceKm: 77,
    travelMinutes: 70,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: 'Do Miastka dojeżdżamy ze Słupska drogą krajową nr 21 w ok. 70 minut.',
    },
    nearbyTowns: ['Kępice', 'Trzebielino', 'Kołczygłowy', 'Biały Bór', 'Bobolice'],
    heading: 'Dzierżawa kserokopiarek w Miastku',
    intro: [
      'Miastko leży na skrzyżowaniu dróg krajowych nr 20 i 21, w południowej części powiatu bytowskiego. Gmina Miastko ' +
        'jest jedną z największych obszarowo w województwie pomorskim, a lokalną gospodarkę tworzą głównie małe i średnie ' +
        'firmy usługowe, handlowe i produkcyjne.',
      'W Miastku i okolicznych wsiach działają szkoły, przedszkola i małe biura, które nie potrzebują dużego urządzenia, ' +
        'ale chcą mieć pewny serwis i stały koszt. Często wystarcza im urządzenie A4 w pakiecie Basic.',
      `Ze Słupska dojeżdżamy tu w ok. 70 minut. Zgłoszenia serwisowe obsługujemy ${withinWorkingHours(standardResponseHours)}, w pakiecie Premium ` +
        `${withinWorkingHours(premiumSlaHours)}, a przy dłuższej naprawie zostawiamy urządzenie zastępcze.`,
    ],
    highlights: [
      'Skrzyżowanie dróg krajowych nr 20 i 21 – dogodny dojazd serwisu',
      'Jedna z największych obszarowo gmin województwa pomorskiego',
      'Obsługujemy też Kępice, Trzebielino, Kołczygłowy i Biały Bór',
    ],
    faq: [
      {
        question: 'Czy w wakacje, gdy szkoła drukuje mniej, płacimy tyle samo?',
        answer:
          'Tak, abonament jest stały przez cały rok, dzięki czemu łatwo go zaplanować w budżecie. Limit stron dobieramy tak, ' +
          'aby w okresach intensywnej pracy, np. na początku roku szkolnego czy w czasie egzaminów, nie płacić za strony ' +
          'ponad limit.',
      },
      {
        question: 'Czy małej firmie opłaca się dzierżawa zamiast zakupu?',
        answer:
          'Zwykle tak: nie wydajesz pieniędzy na urządzenie, a serwis, toner i materiały eksploatacyjne masz w cenie. ' +
          'Zadzwoń lub napisz, ile stron drukujesz w miesiącu – policzymy koszt obu wariantów.',
      },
      {
        question: 'Czy dojedziecie do firmy w małej miejscowości w gminie Miastko?',
        answer:
          'Tak. Obsługujemy całą gminę i okoliczne miejscowości, także z dala od dróg krajowych. Terminy instalacji ' +
          `i przeglądów ustalamy telefonicznie, a na awarie reagujemy ${withinWorkingHours(standardResponseHours)}, w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Miastko – dla szkół i firm | Kserowo',
    metaDescription:
      'Kserokopiarki Konica Minolta w stałym abonamencie dla szkół, urzędów i małych firm w Miastku i okolicy. ' +
      `Serwis i toner w cenie, ${freeTrialDays} dni bezpłatnego testu.`,
  },
  {
    slug: 'slawno',
    name: SLAWNO,
    locative: 'w Sławnie',
    genitive: 'Sławna',
    county: 'powiat sławieński',
    voivodeship: 'zachodniopomorskie',
    geo: { lat: 54.3626, lon: 16.6786 },
    isBase: false,
    distanceKm: 30,
    travelMinutes: 30,
    response: {
      standard: STANDARD_RESPONSE,
      premium: PREMIUM_RESPONSE,
      note: 'Sławno dzieli od Słupska niespełna pół godziny drogi – to najbliższe nam z obsługiwanych miast.',
    },
    nearbyTowns: ['Darłowo', 'Postomino', 'Malechowo', 'Polanów', 'Sianów'],
    heading: 'Dzierżawa kserokopiarek w Sławnie',
    intro: [
      'Sławno, miasto nad Wieprzą i siedziba powiatu sławieńskiego, leży zaledwie ok. 30 km od Słupska. To najbliższe nam ' +
        'z obsługiwanych miast, dlatego serwisant dociera tu niemal tak szybko jak w Słupsku.',
      'Lokalną gospodarkę tworzą przede wszystkim firmy usługowe, handel i rolnictwo, a także urzędy i szkoły. ' +
        'Wielu przedsiębiorców potrzebuje prostego, niezawodnego urządzenia do faktur, umów i dokumentów księgowych – ' +
        'bez kupowania tonera i szukania serwisu na własną rękę.',
      'Obsługujemy także Darłowo, Postomino i Malechowo na tych samych warunkach co Sławno.',
    ],
    highlights: [
      'Tylko ok. 30 km od Słupska – dojazd serwisu w ok. 30 minut',
      'Siedziba powiatu sławieńskiego w województwie zachodniopomorskim',
      'Obsługujemy też Darłowo, Postomino, Malechowo i Polanów',
    ],
    faq: [
      {
        question: 'Jak szybko dotrzecie do Sławna?',
        answer:
          `Sławno dzieli od Słupska ok. 30 km, czyli niespełna pół godziny drogi. Na zgłoszenia reagujemy ${withinWorkingHours(standardResponseHours)}, ` +
          `w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
      },
      {
        question: 'Czy mogę zmienić urządzenie na większe w trakcie umowy?',
        answer:
          'Tak. Jeśli zaczniesz drukować więcej, zaproponujemy wyższy pakiet lub wydajniejsze urządzenie. Zmianę uzgodnimy ' +
          'telefonicznie, a nowy sprzęt zainstalujemy w dogodnym dla Ciebie terminie.',
      },
      {
        question: 'Czy obsługujecie Darłowo oraz gminy Postomino i Malechowo?',
        answer:
          'Tak, cały powiat sławieński jest w zasięgu naszego serwisu. Firmy i instytucje z Darłowa, Postomina i Malechowa ' +
          'obsługujemy na tych samych warunkach co Sławno.',
      },
    ],
    metaTitle: 'Dzierżawa kserokopiarek Sławno i Darłowo | Kserowo',
    metaDescription:
      'Dzierżawa kserokopiarek Konica Minolta w Sławnie i Darłowie: ok. 30 minut od naszego serwisu w Słupsku. ' +
      'Stała opłata, serwis i toner w cenie.',
  },
];
