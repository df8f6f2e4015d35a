/**
 * The city pages of zachodniopomorskie: Koszalin and Sławno. Their facts, local FAQ and meta
 * texts (DESIGN §3): edit them here. Distances and travel times are by road from Słupsk,
 * rounded; coordinates are the town centres.
 */
import { terms, withinWorkingHours } from '../../widgets/core/terms.ts';
import { type City, KOSZALIN, PREMIUM_RESPONSE, SLAWNO, STANDARD_RESPONSE } from './city-common.ts';

const { standardResponseHours, premiumSlaHours } = terms;

export const koszalin: City = {
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
};

export const slawno: City = {
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
};
