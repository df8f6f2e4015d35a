/**
 * The configurator's state: the step and choices (kept in the URL with `sync-url`), the
 * contact fields (kept in sessionStorage) and what follows from them (device, package,
 * estimates). Components read `useChoices` and change it through `update` / `go`.
 */
import { useLayoutEffect, useState } from 'react';
import { type PrefillProps, usePrefill, withPrefill } from '../core/prefill.ts';
import { type Catalogue, findDevice, findPackage, isPackageLevel } from '../core/model.ts';
import { DEFAULT_TERM, type Term, isTerm, packageEstimates } from '../core/quote.ts';
import type { EstimateChange } from '../kit/estimate/Panel.tsx';
import type { ContractInput } from '../core/estimate-validation.ts';
import type { Comparison } from '../core/comparison.ts';

/** The estimate and the current contract the quote carries; from the panel, or handed over in the URL. */
export interface Estimated {
  estimate?: Pick<EstimateChange, 'inputs' | 'a3'> & { volume: { mono: number; color: number } };
  /** The result is known once compared here; a hand-over carries the inputs only (the server compares). */
  comparison?: { inputs: ContractInput; result?: Comparison };
  /** The device the visitor had clicked when taking the advised one: the quote keeps the difference. */
  clicked?: string | undefined;
}

export type Step = 1 | 2 | 3;

/** The step and choices, as kept in the URL with `sync-url`. */
export interface Choices {
  step: Step;
  deviceId?: string;
  level?: string;
  term: Term;
  paper: boolean;
  mono: string;
  color: string;
}

export interface Contact {
  name: string;
  email: string;
  phone: string;
  company: string;
  nip: string;
  city: string;
  message: string;
  marketingConsent: boolean;
}

export const EMPTY_CONTACT: Contact = {
  name: '',
  email: '',
  phone: '',
  company: '',
  nip: '',
  city: '',
  message: '',
  marketingConsent: false,
};
export const CONTACT_KEY = 'kserowo:quote-contact';

export interface UrlProps {
  device?: string;
  package?: string;
  syncUrl?: boolean;
}

/** The choices from the attributes and (with `sync-url`) the page URL; without `location` (server rendering) the attributes only. */
export function readUrl(props: UrlProps): Choices {
  const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const deviceId = props.device || q.get('device') || undefined;
  const level = props.package || q.get('package') || undefined;
  const sync = !!props.syncUrl;
  const term = sync ? (q.get('term') === 'short' ? 'short' : Number(q.get('term'))) : DEFAULT_TERM;
  const step = sync ? Number(q.get('step')) : Number.NaN;
  return {
    step: step === 1 || step === 2 || step === 3 ? step : deviceId ? 2 : 1,
    deviceId,
    level,
    term: isTerm(term) ? term : DEFAULT_TERM,
    paper: sync && q.get('paper') === '1',
    // The volume is read without `sync-url` too: the calculator's link hands it over (never written back).
    mono: q.get('mono') || '',
    color: q.get('color') || '',
  };
}

/**
 * What the calculator's link hands over besides the volume (`?estimate=` and `?contract=`,
 * JSON of its inputs): read on every page, with or without `sync-url`, and sent with the
 * quote, where the server checks and recomputes them.
 */
export function readHandoff(): Estimated {
  const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const json = (key: string) => {
    try {
      const x = JSON.parse(q.get(key) ?? '');
      return x && typeof x === 'object' && !Array.isArray(x) ? x : undefined;
    } catch {
      return undefined;
    }
  };
  const estimate = json('estimate');
  const contract = json('contract');
  const volume = { mono: Number(q.get('mono')) || 0, color: Number(q.get('color')) || 0 };
  return {
    ...(estimate ? { estimate: { inputs: estimate, volume } } : {}),
    ...(contract ? { comparison: { inputs: contract } } : {}),
  };
}

export function writeUrl(c: Choices, push: boolean): void {
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

export function load<V>(key: string, fallback: V): V {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? { ...fallback, ...(JSON.parse(raw) as V) } : fallback;
  } catch {
    return fallback;
  }
}

export function save(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: typed values then live only in the page.
  }
}

/** The choices and what follows from them for a catalogue. */
export function useChoices(props: UrlProps, catalogue: Catalogue | undefined) {
  const [choices, setChoices] = useState<Choices>(() => readUrl(props));
  const [levelChosen, setLevelChosen] = useState(() => !!choices.level);
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
  const update = (patch: Partial<Choices>) => setChoices((c) => ({ ...c, ...patch }));
  return { choices, setChoices, setLevelChosen, update, device, estimates, pkg, step };
}

/** The contact fields a host may prefill (attributes `name`, `email`, `phone`, `company`, `nip`). */
const PREFILLED = ['name', 'email', 'phone', 'company', 'nip'] as const;

/**
 * The quote's contact fields: what the visitor typed earlier in the visit (sessionStorage),
 * then the host's prefill attributes for empty fields. Saved with the render, not after
 * paint, so a reload right after typing keeps the last keystroke. The third item empties
 * them (after a quote was sent), prefill kept.
 */
export function useContact(props: PrefillProps) {
  const [contact, setContact] = useState<Contact>(() =>
    withPrefill(
      typeof sessionStorage === 'undefined' ? EMPTY_CONTACT : load(CONTACT_KEY, EMPTY_CONTACT),
      props,
      PREFILLED,
    ),
  );
  usePrefill(props, PREFILLED, setContact);
  useLayoutEffect(() => save(CONTACT_KEY, contact), [contact]);
  return [contact, setContact, () => setContact(withPrefill(EMPTY_CONTACT, props, PREFILLED))] as const;
}
