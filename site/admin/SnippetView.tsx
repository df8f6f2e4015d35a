/**
 * Snippet builder for marketing: pick a widget, partner and UTM values, get the code to
 * paste (loader `<script>` and element) and see the widget live, loaded by the same
 * loader a partner's page uses.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from './api.ts';
import type { ViewProps } from './App.tsx';
import type { Catalogue } from '../../widgets/core/model.ts';
import { LEVEL_NAMES, PACKAGE_LEVELS } from '../../widgets/core/model.ts';
import {
  type SnippetChoice,
  type WidgetTag,
  WIDGETS,
  isCleanValue,
  snippetAttributes,
  snippetCode,
} from './snippet.ts';

const LOADER = '/widgets/v1/kserowo.js';

export function SnippetView({ onFailure }: ViewProps) {
  const [choice, setChoice] = useState<SnippetChoice>({
    tag: 'kserowo-configurator',
    partner: '',
    utmSource: '',
    utmMedium: 'referral',
    utmCampaign: '',
    extra: {},
  });
  const [devices, setDevices] = useState<Catalogue['devices']>([]);
  const [copied, setCopied] = useState(false);
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api<{ live: Catalogue }>('/catalogue')
      .then((d) => setDevices(d.live.devices))
      .catch(onFailure);
  }, [onFailure]);

  const invalid = (['partner', 'utmSource', 'utmMedium', 'utmCampaign'] as const).filter(
    (k) => !isCleanValue(choice[k]),
  );
  const code = snippetCode(location.origin, choice);

  // The live preview: the element built with DOM calls (never from the code string), upgraded by the real loader.
  useEffect(() => {
    const box = preview.current;
    if (!box || invalid.length) return;
    const el = document.createElement(choice.tag);
    for (const [name, value] of snippetAttributes(choice)) el.setAttribute(name, value);
    box.replaceChildren(el);
    const loader = LOADER;
    import(/* @vite-ignore */ loader).catch(() =>
      box.replaceChildren(document.createTextNode('Nie udało się wczytać skryptu widżetów.')),
    );
  }, [code]);

  const set = <K extends keyof SnippetChoice>(key: K, value: SnippetChoice[K]) => {
    setCopied(false);
    setChoice((c) => ({ ...c, [key]: value }));
  };
  const setExtra = (name: string, value: string | boolean) => set('extra', { ...choice.extra, [name]: value });
  const text = (key: 'partner' | 'utmSource' | 'utmMedium' | 'utmCampaign', label: string, hint: string) => (
    <label>
      {label} <span className="hint">{hint}</span>
      <input
        value={choice[key]}
        maxLength={60}
        aria-invalid={invalid.includes(key) ? 'true' : undefined}
        onInput={(e) => set(key, (e.target as HTMLInputElement).value)}
      />
    </label>
  );

  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div className="snippets">
      <h1>Snippety dla partnerów</h1>
      <p className="lead">
        Wybierz widżet i oznaczenia kampanii, skopiuj kod i wklej go na stronie partnera. Leady z tego kodu będą miały
        te oznaczenia.
      </p>
      <div className="snippet-grid">
        <form className="card" onSubmit={(e) => e.preventDefault()}>
          <label>
            Widżet
            <select
              value={choice.tag}
              onChange={(e) =>
                setChoice((c) => ({ ...c, tag: (e.target as HTMLSelectElement).value as WidgetTag, extra: {} }))
              }
            >
              {Object.entries(WIDGETS).map(([tag, label]) => (
                <option key={tag} value={tag}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {choice.tag === 'kserowo-pricing' && (
            <label>
              Ceny na start
              <select
                value={String(choice.extra.type ?? '')}
                onChange={(e) => setExtra('type', (e.target as HTMLSelectElement).value)}
              >
                <option value="">Kolor (domyślnie)</option>
                <option value="mono">Mono</option>
              </select>
            </label>
          )}
          {choice.tag === 'kserowo-models' && (
            <>
              <label>
                Liczba modeli <span className="hint">(puste = wszystkie)</span>
                <input
                  inputMode="numeric"
                  value={String(choice.extra.limit ?? '')}
                  onInput={(e) => setExtra('limit', (e.target as HTMLInputElement).value.replace(/\D/g, ''))}
                />
              </label>
              <label>
                Kolejność
                <select
                  value={String(choice.extra.order ?? '')}
                  onChange={(e) => setExtra('order', (e.target as HTMLSelectElement).value)}
                >
                  <option value="">Najpopularniejsze (domyślnie)</option>
                  <option value="price">Od najtańszego</option>
                </select>
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={choice.extra.filters === true}
                  onChange={(e) => setExtra('filters', (e.target as HTMLInputElement).checked)}
                />{' '}
                Pokaż filtry
              </label>
            </>
          )}
          {choice.tag === 'kserowo-configurator' && (
            <>
              <label>
                Urządzenie na start <span className="hint">(opcjonalnie)</span>
                <select
                  value={String(choice.extra.device ?? '')}
                  onChange={(e) => setExtra('device', (e.target as HTMLSelectElement).value)}
                >
                  <option value="">Wybór klienta</option>
                  {devices.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Pakiet na start <span className="hint">(opcjonalnie)</span>
                <select
                  value={String(choice.extra.package ?? '')}
                  onChange={(e) => setExtra('package', (e.target as HTMLSelectElement).value)}
                >
                  <option value="">Wybór klienta</option>
                  {PACKAGE_LEVELS.map((l) => (
                    <option key={l} value={l}>
                      {LEVEL_NAMES[l]}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          {text('partner', 'Partner', '(identyfikator, np. drukarnia-abc)')}
          {text('utmSource', 'utm_source', '(np. abc)')}
          {text('utmMedium', 'utm_medium', '(np. referral)')}
          {text('utmCampaign', 'utm_campaign', '(np. wiosna)')}
          {invalid.length > 0 && (
            <p className="error" role="alert">
              Dozwolone są litery, cyfry oraz znaki - _ . (bez spacji), najwyżej 60 znaków.
            </p>
          )}
        </form>
        <div>
          <label className="code-label" htmlFor="snippet-code">
            Kod do wklejenia
          </label>
          <textarea
            id="snippet-code"
            className="code"
            readOnly
            rows={5}
            value={code}
            onFocus={(e) => (e.target as HTMLTextAreaElement).select()}
          />
          <p>
            <button type="button" className="button" onClick={copy} disabled={invalid.length > 0}>
              Kopiuj kod
            </button>{' '}
            <span role="status">{copied ? 'Skopiowano.' : ''}</span>
          </p>
          <p className="hint">
            Partner potrzebuje w CSP tylko <code>script-src</code> i <code>connect-src</code> dla {location.origin}.
          </p>
        </div>
      </div>
      <section aria-labelledby="snippet-preview-title">
        <h2 id="snippet-preview-title">Podgląd na żywo</h2>
        <p className="hint">
          Podgląd działa naprawdę: formularz wysłany z podglądu trafi do leadów z tymi oznaczeniami.
        </p>
        <div ref={preview} className="snippet-preview" data-testid="snippet-preview" />
      </section>
    </div>
  );
}
