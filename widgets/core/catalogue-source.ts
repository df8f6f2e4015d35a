/**
 * Where a widget gets its catalogue (DESIGN §2): our pages carry the catalogue they
 * were rendered with as inline JSON, read synchronously so the first client render
 * equals the pre-rendered markup. Elsewhere (partner pages) `/api/catalogue` is
 * fetched once per page for all instances; only if that fails is the catalogue
 * bundled in the script used.
 */
import { useEffect, useState } from 'react';
import { type Catalogue, isCatalogueData } from './model.ts';

/** The catalogue bundled with the script: a separate chunk, fetched only when needed. */
const bundled = (): Promise<Catalogue> => import('./catalogue.ts').then((m) => m.defaultCatalogue);

export const INLINE_CATALOGUE_ID = 'kserowo-catalogue';

let current: Catalogue | undefined;
let pending: Promise<Catalogue> | undefined;

/** A catalogue we cannot read is no catalogue. */
const isCatalogue = (value: unknown): value is Catalogue => isCatalogueData(value);

function readInline(): Catalogue | undefined {
  if (typeof document === 'undefined') return undefined;
  const el = document.getElementById(INLINE_CATALOGUE_ID);
  if (!el?.textContent) return undefined;
  try {
    const parsed: unknown = JSON.parse(el.textContent);
    return isCatalogue(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The catalogue available without waiting: inline JSON or one already fetched. */
export function catalogueNow(): Catalogue | undefined {
  current ??= readInline();
  return current;
}

/** Fetches `/api/catalogue` once per page; falls back to the bundled catalogue. */
export function loadCatalogue(apiBase: string): Promise<Catalogue> {
  const now = catalogueNow();
  if (now) return Promise.resolve(now);
  pending ??= fetch(`${apiBase}/api/catalogue`, { credentials: 'omit' })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((data: unknown) => (isCatalogue(data) ? data : bundled()))
    .catch(bundled)
    .then((c) => (current = c));
  return pending;
}

/** The origin our script was loaded from: the default `api-base`. */
export const scriptOrigin: string = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return '';
  }
})();

/**
 * Hook: the catalogue, or undefined while it is being fetched ('Ładowanie...').
 * A `given` catalogue (server rendering, admin preview) wins and nothing is fetched.
 */
export function useCatalogue(apiBase?: string, given?: Catalogue): Catalogue | undefined {
  const [catalogue, setCatalogue] = useState<Catalogue | undefined>(() => given ?? catalogueNow());
  useEffect(() => {
    if (catalogue || given) return;
    let live = true;
    void loadCatalogue(apiBase ?? scriptOrigin).then((c) => live && setCatalogue(c));
    return () => {
      live = false;
    };
  }, [catalogue, apiBase, given]);
  return given ?? catalogue;
}
