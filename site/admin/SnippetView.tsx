/**
 * Snippet builder for marketing: pick a widget, partner and UTM values, get the code to
 * paste (loader `<script>` and element) and see the widget live, loaded by the same
 * loader a partner's page uses.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from './api.ts';
import { CheckField, Field, SelectField } from './form-kit.tsx';
import type { ViewProps } from './view-props.ts';
import type { Catalogue } from '../../widgets/core/model.ts';
import type { AttributeRow } from '../../widgets/contracts.ts';
import {
  type SnippetChoice,
  type WidgetTag,
  WIDGETS,
  SNIPPET_VALUE_MAX,
  isCleanValue,
  snippetAttributes,
  snippetCode,
  snippetFields,
} from './snippet.ts';

const LOADER = '/widgets/v1/kserowo.js';

interface FieldProps {
  field: AttributeRow;
  value: string | boolean | undefined;
  devices: Catalogue['devices'];
  onChange: (value: string | boolean) => void;
}

/** One of the widget's own attributes, as its contract types it: a list, a switch, a number or text. */
function AttributeField({ field, value, devices, onChange }: FieldProps) {
  const label = (
    <span>
      <code>{field.name}</code> <span className="hint">{field.doc.text}</span>
    </span>
  );
  if (field.kind === 'boolean') return <CheckField label={label} checked={value === true} onChecked={onChange} />;
  // The device list is the live catalogue's, not a fixed list of the contract.
  const options: [string, string][] | undefined =
    field.prop === 'device'
      ? devices.map((d) => [d.id, d.name])
      : field.doc.values && Object.entries(field.doc.values).filter(([v]) => v !== field.doc.default);
  if (options) {
    const defaultLabel = field.doc.default && field.doc.values?.[field.doc.default];
    return (
      <SelectField
        label={label}
        value={String(value ?? '')}
        onValue={onChange}
        options={[['', defaultLabel ? `${defaultLabel} (domyślnie)` : 'Wybór klienta'], ...options]}
      />
    );
  }
  return (
    <Field
      label={label}
      inputMode={field.kind === 'number' ? 'numeric' : undefined}
      value={String(value ?? '')}
      onValue={(typed) => onChange(field.kind === 'number' ? typed.replace(/\D/g, '') : typed)}
    />
  );
}

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
  // Rebuilt when the tag or an attribute changes (the attributes as one string, so an equal list is no change).
  const previewTag = choice.tag;
  const previewAttributes = JSON.stringify(snippetAttributes(choice));
  const blocked = invalid.length > 0;
  useEffect(() => {
    const box = preview.current;
    if (!box || blocked) return;
    const el = document.createElement(previewTag);
    for (const [name, value] of JSON.parse(previewAttributes) as [string, string][]) el.setAttribute(name, value);
    box.replaceChildren(el);
    const loader = LOADER;
    import(/* @vite-ignore */ loader).catch(() =>
      box.replaceChildren(document.createTextNode('Nie udało się wczytać skryptu widżetów.')),
    );
  }, [previewTag, previewAttributes, blocked]);

  const set = <K extends keyof SnippetChoice>(key: K, value: SnippetChoice[K]) => {
    setCopied(false);
    setChoice((c) => ({ ...c, [key]: value }));
  };
  const setExtra = (name: string, value: string | boolean) => set('extra', { ...choice.extra, [name]: value });
  const text = (key: 'partner' | 'utmSource' | 'utmMedium' | 'utmCampaign', label: string, hint: string) => (
    <Field
      label={label}
      hint={hint}
      value={choice[key]}
      maxLength={SNIPPET_VALUE_MAX}
      invalid={invalid.includes(key)}
      onValue={(value) => set(key, value)}
    />
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
        Wybierz widżet i oznaczenia kampanii, skopiuj kod i wklej go na stronie partnera albo na swojej stronie
        kampanii. Leady z tego kodu będą miały te oznaczenia, a w „Liczbach” (Od kliknięcia do przelewu) zobaczysz je
        według partnera, kampanii i ścieżki strony, na której stoi widżet, aż do zapłaconych faktur.
      </p>
      <div className="snippet-grid">
        <form className="card" onSubmit={(e) => e.preventDefault()}>
          <SelectField
            label="Widżet"
            value={choice.tag}
            onValue={(tag) => setChoice((c) => ({ ...c, tag: tag as WidgetTag, extra: {} }))}
            options={Object.entries(WIDGETS)}
          />
          {snippetFields(choice.tag).map((field) => (
            <AttributeField
              key={`${choice.tag}:${field.name}`}
              field={field}
              value={choice.extra[field.name]}
              devices={devices}
              onChange={(value) => setExtra(field.name, value)}
            />
          ))}
          {text('partner', 'Partner', '(identyfikator, np. drukarnia-abc)')}
          {text('utmSource', 'utm_source', '(np. abc)')}
          {text('utmMedium', 'utm_medium', '(np. referral)')}
          {text('utmCampaign', 'utm_campaign', '(np. wiosna)')}
          {invalid.length > 0 && (
            <p className="error" role="alert">
              Dozwolone są litery, cyfry oraz znaki - _ . (bez spacji), najwyżej {SNIPPET_VALUE_MAX} znaków. Do czasu
              poprawienia ta wartość nie trafia do kodu.
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
