// Texts once: the spec's error catalogue (TOAST, spec §8) and fallback texts
// (FALLBACK, spec §2 and §8) are written in widgets/core and nowhere else. This file is the
// one place that types them again, on purpose, to check them letter for letter.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOAST } from '../../widgets/core/errors.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the spec texts, letter for letter', () => {
  it('error catalogue of spec §8', () => {
    expect(TOAST).toEqual({
      validation: { title: 'Błąd walidacji', text: 'Proszę wypełnić wszystkie wymagane pola (imię i email)' },
      badEmail: { title: 'Nieprawidłowy email', text: 'Proszę podać prawidłowy adres email' },
      serverError: { title: 'Błąd wysyłania', text: 'Wystąpił błąd podczas wysyłania wiadomości' },
      networkError: {
        title: 'Błąd połączenia',
        text: 'Wystąpił błąd podczas wysyłania wiadomości. Spróbuj ponownie później.',
      },
      success: { title: 'Wiadomość wysłana! ✅', text: 'Dziękujemy! Skontaktujemy się z Tobą wkrótce.' },
    });
  });

  it('loading and fallback texts of spec §2 and §8', () => {
    expect(FALLBACK).toMatchObject({
      loading: 'Ładowanie...',
      app: 'Aplikacja nie może się załadować',
      sectionTitle: 'Coś poszło nie tak',
      sectionText: 'Wystąpił nieoczekiwany błąd. Spróbuj ponownie lub skontaktuj się z nami.',
      retry: 'Spróbuj ponownie',
      home: 'Strona główna',
      configurator: 'Konfigurator niedostępny',
      models: 'Strona modeli niedostępna',
      admin: 'Panel admin niedostępny',
      city: 'Strona miasta niedostępna',
    });
  });
});

/**
 * Files that still type a catalogue text; each one is another
 * engineer's to change (they import TOAST / FALLBACK instead). Nothing may be added here.
 */
const NOT_YET: Record<string, string> = {
  'worker/quotes/routes.ts': 'quote validation errors (validation engineer)',
  'worker/quotes/page.ts': "the quote page's home link (worker engineer)",
  'site/admin/OutboxView.tsx': 'admin loading text',
  'site/admin/StatsView.tsx': 'admin loading text',
  'tests/browser/admin.spec.ts': 'browser test',
  'tests/browser/analytics.spec.ts': 'browser test',
  'tests/browser/configurator.spec.ts': 'browser test',
  'tests/browser/contact.spec.ts': 'browser test',
  'tests/browser/header.spec.ts': 'browser test',
  'tests/browser/partner.spec.ts': 'browser test',
};

const HOMES = new Set(['widgets/core/errors.ts', 'widgets/core/texts.ts', 'tests/unit/texts.test.ts']);

/** A text as a whole literal: quoted, or the whole content of an element. */
const literal = (text: string): RegExp => new RegExp(`['"\`>]${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`<]`);

/** Code lines only: doc comments may name a text they do not show. */
const code = (source: string): string =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');

describe('texts once', () => {
  const texts = [...Object.values(TOAST).flatMap((t) => [t.title, t.text]), ...Object.values(FALLBACK)];
  const files = execFileSync('git', ['ls-files', 'widgets', 'site', 'worker', 'scripts', 'tests'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(tsx?|mjs|js|css|html)$/.test(f));

  it('types no text of the error catalogue outside widgets/core', () => {
    const found: string[] = [];
    for (const file of files) {
      if (HOMES.has(file) || file in NOT_YET) continue;
      const source = code(readFileSync(path.join(root, file), 'utf8'));
      for (const text of texts) if (literal(text).test(source)) found.push(`${file}: ${text}`);
    }
    expect(found).toEqual([]);
  });

  it('has no stray copy of the fallback texts in the site content', () => {
    const pages = readFileSync(path.join(root, 'site/content/pages.ts'), 'utf8');
    for (const text of Object.values(FALLBACK)) expect(pages).not.toContain(text);
  });
});
