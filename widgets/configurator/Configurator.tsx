/**
 * `<kserowo-configurator>`: device → package → quote (DESIGN §2, §4, §5).
 *
 * Attributes, events, parts and custom properties: ./contract.ts (the one declaration).
 * Without `device` / `package` the page's `?device=` / `?package=` preselect.
 * Shadow DOM: host CSS stays out of a long form that partners embed. Labels and inputs
 * share the shadow tree and carry `autocomplete` tokens, which is what Chromium and
 * Safari need to autofill inside an open shadow root.
 */
import { useEffect, useRef, useState } from 'react';
import {
  type Catalogue,
  type Device,
  type PackageLevel,
  LEVEL_NAMES,
  findDevice,
  findPackage,
  isPackageLevel,
} from '../core/model.ts';
import {
  type QuotePrice,
  type Term,
  SERVICE_CITIES,
  TERMS,
  TERM_LABELS,
  isTerm,
  packageEstimates,
  priceQuote,
} from '../core/quote.ts';
import { gross, lowestPrice } from '../core/pricing.ts';
import { formatNumber, formatPln, formatRate } from '../core/format.ts';
import { pixel, track } from '../core/analytics.ts';
import { attribution, rememberFirstVisit } from '../core/attribution.ts';
import { newSubmissionId, postJson } from '../core/api.ts';
import { scriptOrigin, useCatalogue } from '../core/catalogue-source.ts';
import { emit, hostOf } from '../core/events.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import { TOAST } from '../core/errors.ts';
import { FALLBACK } from '../core/texts.ts';
import { PRICING } from '../core/price-labels.ts';
import { isValidNip } from '../core/nip.ts';
import { LIMITS, checkContactForm } from '../core/validation.ts';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';

export interface ConfiguratorProps extends WidgetHostProps, CommonProps {
  device?: string;
  package?: string;
  syncUrl?: boolean;
  /** A catalogue to render with (tests, previews); otherwise the page's. */
  catalogue?: Catalogue;
}

type Step = 1 | 2 | 3;

const T = {
  steps: ['Urządzenie', 'Pakiet', 'Wycena'],
  progress: 'Postęp konfiguracji',
  stepOf: (n: number) => `Krok ${n} z 3`,
  h1: 'Wybierz urządzenie',
  h2: 'Wybierz pakiet',
  h3: 'Odbierz wycenę',
  type: 'Rodzaj',
  format: 'Format',
  all: 'Wszystkie',
  unknownDevice: (id: string) => `Nie znamy urządzenia „${id}” – wybierz je z listy poniżej.`,
  unknownPackage: (id: string) => `Nie znamy pakietu „${id}” – wybierz go z listy.`,
  chooseDevice: 'Wybierz urządzenie, aby przejść dalej.',
  none: 'Żadne urządzenie nie spełnia wybranych filtrów.',
  volume: 'Ile stron drukujesz miesięcznie? (opcjonalnie)',
  volumeHint:
    'Podaj szacunkową liczbę stron, a policzymy koszt każdego pakietu z opłatą za strony ponad limit i wskażemy najtańszy.',
  monoPages: 'Strony mono',
  colorPages: 'Strony kolorowe',
  recommended: 'Polecany',
  included: 'W cenie',
  pagesMono: 'stron mono',
  pagesColor: 'stron kolor',
  overage: 'Ponad limit',
  perPage: '/ strona',
  sla: 'SLA 4h',
  slaText: 'reakcja serwisu w 4 h (standardowo 24h)',
  standard: 'Reakcja serwisu w ciągu 24h',
  estimate: 'Przy Twoim wolumenie',
  term: 'Okres umowy',
  options: 'Opcje',
  paper: 'Papier do urządzenia (cena na zapytanie)',
  trial: '7 dni bezpłatnego testu urządzenia przed podpisaniem umowy.',
  summary: 'Podsumowanie',
  device: 'Urządzenie',
  package: 'Pakiet',
  price: 'Cena',
  paperYes: 'papier – cena na zapytanie',
  paperNo: 'bez dodatkowych opcji',
  estimated: (pages: string) => `Szacunkowy koszt przy ${pages}`,
  contact: 'Dane kontaktowe',
  name: 'Imię i nazwisko',
  email: 'E-mail',
  phone: 'Telefon',
  company: 'Firma',
  nip: 'NIP',
  city: 'Miejscowość',
  cityHint: 'Obsługujemy Słupsk, Bytów, Koszalin, Lębork, Miastko, Sławno i okolice; wpisz też inną miejscowość.',
  message: 'Wiadomość',
  optional: '(opcjonalnie)',
  required: '(wymagane)',
  privacy: 'Wysyłając zapytanie, akceptujesz zasady przetwarzania danych opisane w ',
  privacyLink: 'polityce prywatności',
  marketing:
    'Chcę otrzymywać e-mailem informacje o ofertach i promocjach Kserowo (zgoda dobrowolna, mogę ją wycofać w każdej chwili).',
  honeypot: 'Nie wypełniaj tego pola',
  back: 'Wstecz',
  next: 'Dalej',
  send: 'Wyślij zapytanie o wycenę',
  sending: 'Wysyłanie...',
  badNip: { title: 'Nieprawidłowy NIP', text: 'Sprawdź numer NIP – suma kontrolna się nie zgadza.' },
  doneTitle: (n: string) => `Wycena ${n} jest gotowa`,
  doneLink: 'Zobacz wycenę – Drukuj / zapisz PDF',
  doneValid: 'Wycena jest ważna 30 dni. Skontaktujemy się z Tobą, aby umówić 7-dniowy bezpłatny test.',
  again: 'Nowa konfiguracja',
  close: 'Zamknij',
} as const;

interface Contact {
  name: string;
  email: string;
  phone: string;
  company: string;
  nip: string;
  city: string;
  message: string;
  marketingConsent: boolean;
}

const EMPTY_CONTACT: Contact = {
  name: '',
  email: '',
  phone: '',
  company: '',
  nip: '',
  city: '',
  message: '',
  marketingConsent: false,
};
const CONTACT_KEY = 'kserowo:quote-contact';
/** Field caps (the server checks the same limits). */
const MAX = { ...LIMITS, nip: 20, city: 80 } as const;

/** The step and choices, as kept in the URL with `sync-url`. */
interface Choices {
  step: Step;
  deviceId?: string;
  level?: string;
  term: Term;
  paper: boolean;
  mono: string;
  color: string;
}

function readUrl(props: ConfiguratorProps): Choices {
  const q = new URLSearchParams(location.search);
  const deviceId = props.device || q.get('device') || undefined;
  const level = props.package || q.get('package') || undefined;
  const sync = !!props.syncUrl;
  const term = sync ? (q.get('term') === 'short' ? 'short' : Number(q.get('term'))) : 24;
  const step = sync ? Number(q.get('step')) : NaN;
  return {
    step: step === 1 || step === 2 || step === 3 ? step : deviceId ? 2 : 1,
    deviceId,
    level,
    term: isTerm(term) ? term : 24,
    paper: sync && q.get('paper') === '1',
    mono: (sync && q.get('mono')) || '',
    color: (sync && q.get('color')) || '',
  };
}

function writeUrl(c: Choices, push: boolean): void {
  const url = new URL(location.href);
  const q = url.searchParams;
  const set = (k: string, v: string | undefined) => (v ? q.set(k, v) : q.delete(k));
  set('step', String(c.step));
  set('device', c.deviceId);
  set('package', c.level);
  set('term', String(c.term));
  set('paper', c.paper ? '1' : undefined);
  set('mono', c.mono);
  set('color', c.color);
  if (url.href === location.href) return;
  history[push ? 'pushState' : 'replaceState'](history.state, '', url.href);
}

function load<V>(key: string, fallback: V): V {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? { ...fallback, ...(JSON.parse(raw) as V) } : fallback;
  } catch {
    return fallback;
  }
}

function save(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: typed values then live only in the page.
  }
}

interface QuoteAnswer {
  ok: true;
  id: string;
  number: string;
  url: string;
  quote: QuotePrice;
}

interface Toast {
  title: string;
  text: string;
}

export function Configurator(props: ConfiguratorProps) {
  return (
    <WidgetBoundary title={FALLBACK.configurator} container={props.container}>
      <ConfiguratorSteps {...props} />
    </WidgetBoundary>
  );
}

function ConfiguratorSteps(props: ConfiguratorProps) {
  const { apiBase, catalogue: given, container, syncUrl } = props;
  const catalogue = useCatalogue(apiBase, given);
  const [choices, setChoices] = useState<Choices>(() => readUrl(props));
  const [levelChosen, setLevelChosen] = useState(() => !!choices.level);
  const [filters, setFilters] = useState({ type: '', format: '' });
  const [contact, setContact] = useState<Contact>(() => load(CONTACT_KEY, EMPTY_CONTACT));
  const [submissionId, setSubmissionId] = useState(newSubmissionId);
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<Toast>();
  const [stepError, setStepError] = useState('');
  const [done, setDone] = useState<QuoteAnswer>();
  const push = useRef(false);
  const moved = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const host = () => hostOf(container);

  const device = catalogue && choices.deviceId ? findDevice(catalogue, choices.deviceId) : undefined;
  // Business is the default package; a stated volume picks the cheapest until the visitor picks one.
  const estimates = device
    ? packageEstimates(device, { mono: Number(choices.mono), color: Number(choices.color) })
    : [];
  const recommended = estimates.find((e) => e.recommended)?.level;
  const givenLevel = isPackageLevel(choices.level) ? choices.level : undefined;
  const level = (levelChosen && givenLevel) || recommended || givenLevel || 'business';
  const pkg = device ? findPackage(device, level) : undefined;
  const step: Step = !device ? 1 : !pkg && choices.step === 3 ? 2 : choices.step;
  const label = `${device?.id ?? ''}/${pkg?.level ?? ''}`;

  useEffect(rememberFirstVisit, []);

  // Attributes changed by the host page preselect again.
  useEffect(() => {
    if (props.device) setChoices((c) => ({ ...c, deviceId: props.device }));
  }, [props.device]);
  useEffect(() => {
    if (props.package) setChoices((c) => ({ ...c, level: props.package }));
  }, [props.package]);

  // The URL follows the step (a new history entry) and the choices (replaced in place).
  useEffect(() => {
    if (!syncUrl || !catalogue) return;
    writeUrl({ ...choices, step, level: pkg?.level ?? choices.level }, push.current);
    push.current = false;
  }, [syncUrl, catalogue, step, choices, pkg?.level]);

  useEffect(() => {
    if (!syncUrl) return;
    const onPop = () => {
      moved.current = true;
      setChoices(readUrl({ syncUrl }));
      setDone(undefined);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [syncUrl]);

  // Every step entered is announced to the host page and analytics; focus follows a move.
  useEffect(() => {
    if (!catalogue) return;
    emit(host(), 'kserowo:step', {
      step,
      ...(device ? { deviceId: device.id } : {}),
      ...(pkg ? { level: pkg.level } : {}),
    });
    track({
      event: 'configurator_step',
      event_category: 'configurator',
      event_action: `step_${step}`,
      event_label: label,
    });
    pixel('trackCustom', 'ConfiguratorStep', { step, device_id: device?.id, package_level: pkg?.level });
    if (moved.current) heading.current?.focus({ preventScroll: false });
    moved.current = false;
  }, [step, !!catalogue]);

  useEffect(() => save(CONTACT_KEY, contact), [contact]);

  if (!catalogue)
    return (
      <div className="k-root cfg">
        <Loading />
      </div>
    );

  const update = (patch: Partial<Choices>) => setChoices((c) => ({ ...c, ...patch }));
  const go = (next: Step) => {
    setStepError('');
    setToast(undefined);
    push.current = true;
    moved.current = true;
    update({ step: next });
  };
  const field = (key: keyof Contact) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const el = e.currentTarget;
    setContact((c) => ({ ...c, [key]: el.type === 'checkbox' ? (el as HTMLInputElement).checked : el.value }));
  };

  const fail = (kind: 'validation' | 'server' | 'network', t: Toast) => {
    setToast(t);
    emit(host(), 'kserowo:error', { kind, message: t.text });
  };

  const send = async () => {
    if (!device || !pkg || sending) return;
    // The contact form's checks (spec §5 toasts, then the strict ones), then the NIP checksum.
    const checked = checkContactForm(contact);
    if (!checked.ok) return fail('validation', checked.toast);
    if (contact.nip.trim() && !isValidNip(contact.nip)) return fail('validation', T.badNip);
    const { name, email } = checked.data;
    setSending(true);
    setToast(undefined);
    const opt = (v: string) => v.trim() || undefined;
    const mono = Number(choices.mono) || 0;
    const color = Number(choices.color) || 0;
    const result = await postJson<QuoteAnswer>(`${apiBase || scriptOrigin}/api/quotes`, {
      deviceId: device.id,
      level: pkg.level,
      term: choices.term,
      paper: choices.paper,
      ...(mono || color ? { volume: { mono, color } } : {}),
      contact: {
        name,
        email,
        phone: checked.data.phone,
        company: opt(contact.company),
        nip: opt(contact.nip),
        city: opt(contact.city),
        message: opt(contact.message),
        marketingConsent: contact.marketingConsent,
      },
      submissionId,
      attribution: attribution(props),
      website,
    });
    setSending(false);
    if (result.kind === 'network') return fail('network', TOAST.networkError);
    if (result.kind === 'server' || !result.data?.number) {
      return fail('server', {
        title: TOAST.serverError.title,
        text: (result.kind === 'server' && result.error) || TOAST.serverError.text,
      });
    }
    const answer = result.data;
    setDone(answer);
    setContact(EMPTY_CONTACT);
    setSubmissionId(newSubmissionId());
    // The secret id stays here: host pages and analytics get the human number only.
    emit(host(), 'kserowo:lead', { kind: 'quote', number: answer.number, value: 100, currency: 'PLN' });
    track({
      event: 'generate_lead',
      event_category: 'lead',
      event_action: 'quote',
      event_label: label,
      value: 100,
      currency: 'PLN',
      device_id: device.id,
      package_level: pkg.level,
      monthly_net: answer.quote.monthlyNet,
    });
    pixel('track', 'Lead', { value: 100, currency: 'PLN' });
    pixel('track', 'CompleteRegistration');
  };

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (step === 1) return device ? go(2) : setStepError(T.chooseDevice);
    if (step === 2) return go(3);
    void send();
  };

  if (done) {
    return (
      <div className="k-root cfg" part="root">
        <div className="done" part="done" role="status">
          <h2>{T.doneTitle(done.number)}</h2>
          <p>{TOAST.success.text}</p>
          <p>{T.doneValid}</p>
          <p>
            <a className="btn" href={done.url} target="_blank" rel="noopener">
              {T.doneLink}
            </a>
          </p>
          <p>
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                setDone(undefined);
                go(1);
              }}
            >
              {T.again}
            </button>
          </p>
        </div>
      </div>
    );
  }

  const unknownDevice = choices.deviceId && !device ? T.unknownDevice(choices.deviceId) : '';
  const unknownLevel = device && choices.level && !isPackageLevel(choices.level) ? T.unknownPackage(choices.level) : '';
  const privacyHref = `${apiBase || scriptOrigin}/polityka-prywatnosci`;

  return (
    <div className="k-root cfg" part="root">
      <ol className="progress" part="progress" aria-label={T.progress}>
        {T.steps.map((s, i) => (
          <li
            key={s}
            className={i + 1 < step ? 'past' : i + 1 === step ? 'now' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="num" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {s}
          </li>
        ))}
      </ol>
      <form onSubmit={onSubmit} noValidate>
        <h2 ref={heading} tabIndex={-1}>
          <span className="sr-only">{T.stepOf(step)}: </span>
          {step === 1 ? T.h1 : step === 2 ? T.h2 : T.h3}
        </h2>
        {step === 1 && (
          <>
            {unknownDevice && (
              <p className="note" role="status">
                {unknownDevice}
              </p>
            )}
            <div className="filters">
              <Radios
                legend={T.type}
                name="type"
                value={filters.type}
                onChange={(type) => setFilters((f) => ({ ...f, type }))}
                options={[
                  ['', T.all],
                  ['mono', PRICING.mono],
                  ['color', PRICING.color],
                ]}
              />
              <Radios
                legend={T.format}
                name="format"
                value={filters.format}
                onChange={(format) => setFilters((f) => ({ ...f, format }))}
                options={[
                  ['', T.all],
                  ['A4', 'A4'],
                  ['A3', 'A3'],
                ]}
              />
            </div>
            <DeviceList
              devices={catalogue.devices.filter(
                (d) => (!filters.type || d.type === filters.type) && (!filters.format || d.format === filters.format),
              )}
              chosen={device?.id}
              onChoose={(id) => {
                setStepError('');
                update({ deviceId: id });
              }}
            />
            {stepError && (
              <p className="error" role="alert">
                {stepError}
              </p>
            )}
          </>
        )}
        {step === 2 && device && (
          <>
            <p className="for">
              {device.name} · {device.type === 'color' ? PRICING.color : PRICING.mono} {device.format}
            </p>
            {unknownLevel && (
              <p className="note" role="status">
                {unknownLevel}
              </p>
            )}
            <fieldset className="volume">
              <legend>{T.volume}</legend>
              <p className="hint">{T.volumeHint}</p>
              <div className="row">
                <NumberField
                  id="q-mono"
                  label={T.monoPages}
                  value={choices.mono}
                  onChange={(mono) => update({ mono })}
                />
                {device.type === 'color' && (
                  <NumberField
                    id="q-color"
                    label={T.colorPages}
                    value={choices.color}
                    onChange={(color) => update({ color })}
                  />
                )}
              </div>
            </fieldset>
            <fieldset className="packages" part="package">
              <legend>{T.package}</legend>
              {device.packages.map((p) => {
                const est = estimates.find((e) => e.level === p.level);
                const id = `lvl-${p.level}`;
                return (
                  <label key={p.level} className={p.level === pkg?.level ? 'pkg on' : 'pkg'} htmlFor={id}>
                    <input
                      type="radio"
                      id={id}
                      name="level"
                      value={p.level}
                      checked={p.level === pkg?.level}
                      onChange={() => {
                        setLevelChosen(true);
                        update({ level: p.level });
                      }}
                    />
                    <span className="pkg-head">
                      <strong className="pkg-name">{LEVEL_NAMES[p.level]}</strong>
                      {est?.recommended && <span className="badge">{T.recommended}</span>}
                      {p.level === 'premium' && <span className="badge sla">{T.sla}</span>}
                    </span>
                    <span className="pkg-price">
                      <strong>{formatPln(p.monthlyPrice)}</strong> {PRICING.perMonth}
                    </span>
                    <span className="muted">
                      {formatPln(gross(p.monthlyPrice), 2)} {PRICING.grossSuffix}
                    </span>
                    <span>
                      {T.included}: {formatNumber(p.monthlyLimit)} {T.pagesMono}
                      {p.colorLimit !== undefined && ` + ${formatNumber(p.colorLimit)} ${T.pagesColor}`}
                    </span>
                    <span>
                      {T.overage}: {formatRate(p.overage.mono)} mono
                      {p.overage.color !== undefined && `, ${formatRate(p.overage.color)} kolor`} {T.perPage}
                    </span>
                    <span>{p.level === 'premium' ? `${T.sla}: ${T.slaText}` : T.standard}</span>
                    {est && (Number(choices.mono) > 0 || Number(choices.color) > 0) && (
                      <span className="est">
                        {T.estimate}: <strong>{formatPln(est.cost, 2)}</strong> {PRICING.perMonth}
                      </span>
                    )}
                  </label>
                );
              })}
            </fieldset>
            <Radios
              legend={T.term}
              name="term"
              value={String(choices.term)}
              onChange={(v) => update({ term: v === 'short' ? 'short' : (Number(v) as Term) })}
              options={TERMS.map((t) => [String(t), TERM_LABELS[t] ?? ''])}
            />
            <fieldset className="options">
              <legend>{T.options}</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={choices.paper}
                  onChange={(e) => update({ paper: e.currentTarget.checked })}
                />{' '}
                {T.paper}
              </label>
            </fieldset>
            <p className="trial">{T.trial}</p>
            <p className="muted">{PRICING.footnote}</p>
          </>
        )}
        {step === 3 && device && pkg && (
          <>
            <Summary
              device={device}
              quote={priceQuote(device, pkg, choices.term, choices.paper, {
                mono: Number(choices.mono),
                color: Number(choices.color),
              })}
            />
            <fieldset className="contact" part="form">
              <legend>{T.contact}</legend>
              <Text
                id="q-name"
                label={T.name}
                req
                value={contact.name}
                max={MAX.name}
                auto="name"
                onChange={field('name')}
              />
              <Text
                id="q-email"
                label={T.email}
                req
                type="email"
                value={contact.email}
                max={MAX.email}
                auto="email"
                onChange={field('email')}
              />
              <Text
                id="q-phone"
                label={T.phone}
                type="tel"
                value={contact.phone}
                max={MAX.phone}
                auto="tel"
                onChange={field('phone')}
              />
              <Text
                id="q-company"
                label={T.company}
                value={contact.company}
                max={MAX.company}
                auto="organization"
                onChange={field('company')}
              />
              <Text
                id="q-nip"
                label={T.nip}
                value={contact.nip}
                max={MAX.nip}
                auto="off"
                mode="numeric"
                onChange={field('nip')}
              />
              <Text
                id="q-city"
                label={T.city}
                value={contact.city}
                max={MAX.city}
                auto="address-level2"
                list="q-cities"
                hint={T.cityHint}
                onChange={field('city')}
              />
              <datalist id="q-cities">
                {SERVICE_CITIES.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
              <div className="f">
                <label htmlFor="q-message">
                  {T.message} <span className="muted">{T.optional}</span>
                </label>
                <textarea
                  id="q-message"
                  rows={4}
                  maxLength={MAX.message}
                  value={contact.message}
                  onChange={field('message')}
                />
              </div>
              <div className="hp" aria-hidden="true">
                <label htmlFor="q-website">{T.honeypot}</label>
                <input
                  id="q-website"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(e) => setWebsite(e.currentTarget.value)}
                />
              </div>
              <p className="privacy">
                {T.privacy}
                <a href={privacyHref} target="_blank" rel="noopener">
                  {T.privacyLink}
                </a>
                .
              </p>
              <label className="check">
                <input type="checkbox" checked={contact.marketingConsent} onChange={field('marketingConsent')} />{' '}
                {T.marketing}
              </label>
            </fieldset>
          </>
        )}
        {toast && (
          <div className="toast" part="toast" role="alert">
            <strong>{toast.title}</strong>
            <p>{toast.text}</p>
            <button type="button" className="x" aria-label={T.close} onClick={() => setToast(undefined)}>
              ×
            </button>
          </div>
        )}
        <div className="nav">
          {step > 1 && (
            <button type="button" className="btn ghost" onClick={() => go((step - 1) as Step)}>
              {T.back}
            </button>
          )}
          <button type="submit" className="btn" disabled={sending}>
            {step < 3 ? T.next : sending ? T.sending : T.send}
          </button>
        </div>
      </form>
    </div>
  );
}

function Radios({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className={`seg ${name}`}>
      <legend>{legend}</legend>
      {options.map(([v, text]) => (
        <label key={v} className={v === value ? 'on' : ''}>
          <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChange(v)} /> {text}
        </label>
      ))}
    </fieldset>
  );
}

function DeviceList({
  devices,
  chosen,
  onChoose,
}: {
  devices: Device[];
  chosen?: string;
  onChoose: (id: string) => void;
}) {
  if (devices.length === 0) return <p className="note">{T.none}</p>;
  return (
    <fieldset className="devices" part="device">
      <legend className="sr-only">{T.device}</legend>
      {devices.map((d) => (
        <label key={d.id} className={d.id === chosen ? 'dev on' : 'dev'}>
          <input type="radio" name="device" value={d.id} checked={d.id === chosen} onChange={() => onChoose(d.id)} />
          <strong>{d.name}</strong>
          <span className="muted">
            {d.type === 'color' ? PRICING.color : PRICING.mono} · {d.format}
          </span>
          <span>
            {PRICING.from} <strong>{formatPln(lowestPrice(d))}</strong> {PRICING.perMonth}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="f">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000000}
        step={100}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 7))}
      />
    </div>
  );
}

function Text({
  id,
  label,
  value,
  onChange,
  max,
  auto,
  req,
  type = 'text',
  mode,
  list,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { currentTarget: HTMLInputElement }) => void;
  max: number;
  auto: string;
  req?: boolean;
  type?: string;
  mode?: 'numeric';
  list?: string;
  hint?: string;
}) {
  return (
    <div className="f">
      <label htmlFor={id}>
        {label} <span className="muted">{req ? T.required : T.optional}</span>
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={max}
        autoComplete={auto}
        required={req}
        inputMode={mode}
        list={list}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={onChange}
      />
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

function Summary({ device, quote }: { device: Device; quote: QuotePrice }) {
  const pages = `${formatNumber(quote.volume.mono)} ${T.pagesMono}${device.type === 'color' ? ` + ${formatNumber(quote.volume.color ?? 0)} ${T.pagesColor}` : ''}`;
  const stated = quote.volume.mono > 0 || (quote.volume.color ?? 0) > 0;
  return (
    <div className="summary" part="summary">
      <h3>{T.summary}</h3>
      <dl>
        <dt>{T.device}</dt>
        <dd>{device.name}</dd>
        <dt>{T.package}</dt>
        <dd>
          {quote.levelName}
          {quote.level === 'premium' ? ` (${T.sla})` : ''}
        </dd>
        <dt>{T.term}</dt>
        <dd>{TERM_LABELS[quote.term]}</dd>
        <dt>{T.options}</dt>
        <dd>{quote.paper ? T.paperYes : T.paperNo}</dd>
        <dt>{T.price}</dt>
        <dd>
          <strong>
            {formatPln(quote.monthlyNet)} {PRICING.perMonth}
          </strong>{' '}
          <span className="muted">
            ({formatPln(quote.monthlyGross, 2)} {PRICING.grossSuffix})
          </span>
        </dd>
        {stated && (
          <>
            <dt>{T.estimated(pages)}</dt>
            <dd>
              {formatPln(quote.estimatedNet, 2)} {PRICING.perMonth}{' '}
              <span className="muted">
                ({formatPln(quote.estimatedGross, 2)} {PRICING.grossSuffix})
              </span>
            </dd>
          </>
        )}
      </dl>
      <p className="trial">{T.trial}</p>
    </div>
  );
}
