/**
 * Catalogue: every price, page limit, colour limit and overage of spec §3, checked
 * while typing with the same rules the worker applies (worker/admin-shared/catalogue-rules.ts),
 * a preview of the pricing cards made by the `Pricing` component itself, publishing as
 * a new version, and the history with who/when and rollback.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { render } from 'preact';
import {
  type CatalogueChange,
  type CatalogueProblem,
  type PriceField,
  applyCatalogueChange,
  catalogueChangeOf,
} from '../../worker/admin-shared/catalogue-rules.ts';
import { type Catalogue, type Device, LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { Pricing } from '../../widgets/pricing/Pricing.tsx';
import { pricingCss } from '../../widgets/pricing/styles.ts';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type {
  CatalogueAnswer as CatalogueData,
  CatalogueVersion as Version,
} from '../../worker/admin-shared/admin-api.ts';
import { ADMIN_LIMITS } from '../../worker/admin-shared/admin-validation.ts';
import { when } from './labels.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field } from './form-kit.tsx';

/** The form's values: what the person typed, per device, level and field. */
type Draft = Record<string, Record<string, Partial<Record<PriceField, string>>>>;

const FIELDS: { field: PriceField; label: string; color?: boolean }[] = [
  { field: 'monthlyPrice', label: 'Cena netto (zł/mies.)' },
  { field: 'monthlyLimit', label: 'Limit stron mono' },
  { field: 'colorLimit', label: 'Limit stron kolor', color: true },
  { field: 'overageMono', label: 'Dopłata mono (zł/str.)' },
  { field: 'overageColor', label: 'Dopłata kolor (zł/str.)', color: true },
];

const decimal = (n: number | undefined, places: number) =>
  n === undefined ? '' : formatNumber(n, places).replace(/\u00a0/g, '');

function draftOf(catalogue: Catalogue): Draft {
  const draft: Draft = {};
  for (const d of catalogue.devices) {
    draft[d.id] = {};
    for (const p of d.packages) {
      draft[d.id]![p.level] = {
        monthlyPrice: decimal(p.monthlyPrice, Number.isInteger(p.monthlyPrice) ? 0 : 2),
        monthlyLimit: String(p.monthlyLimit),
        overageMono: decimal(p.overage.mono, 2),
        ...(d.type === 'color'
          ? { colorLimit: String(p.colorLimit ?? ''), overageColor: decimal(p.overage.color, 2) }
          : {}),
      };
    }
  }
  return draft;
}

function changeOf(catalogue: Catalogue, draft: Draft): CatalogueChange {
  const change = catalogueChangeOf(catalogue);
  for (const d of change.devices) {
    for (const p of d.packages) {
      const v = draft[d.id]?.[p.level] ?? {};
      p.monthlyPrice = v.monthlyPrice;
      p.monthlyLimit = v.monthlyLimit;
      p.overage = { mono: v.overageMono };
      if ('colorLimit' in p) {
        p.colorLimit = v.colorLimit;
        p.overage.color = v.overageColor;
      }
    }
  }
  return change;
}

const problemKey = (deviceId?: string, level?: string, field?: string) => `${deviceId}/${level}/${field}`;

export function CatalogueView({ onFailure }: ViewProps) {
  const [data, setData] = useState<CatalogueData | undefined>();
  const [draft, setDraft] = useState<Draft>({});
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const load = (message?: { ok: boolean; text: string }) =>
    api<CatalogueData>('/catalogue')
      .then((d) => {
        setData(d);
        setDraft(draftOf(d.live));
        setStatus(message);
      })
      .catch(onFailure);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the view opens; `load` is a new closure every render
  useEffect(() => void load(), []);

  const check = useMemo(
    () => (data ? applyCatalogueChange(data.live, changeOf(data.live, draft)) : undefined),
    [data, draft],
  );
  const problems = useMemo(() => {
    const map = new Map<string, CatalogueProblem>();
    if (check && !check.ok) for (const p of check.problems) map.set(problemKey(p.deviceId, p.level, p.field), p);
    return map;
  }, [check]);
  const preview: Catalogue | undefined =
    check?.ok && data ? { version: data.live.version, devices: check.devices } : undefined;
  const changed = !!preview && !!data && JSON.stringify(preview.devices) !== JSON.stringify(data.live.devices);
  const original = useMemo(() => (data ? draftOf(data.live) : {}), [data]);

  if (!data) return <p role="status">Ładowanie cennika...</p>;

  const publish = (event: Event) => {
    event.preventDefault();
    if (!data || !check?.ok) return;
    setBusy(true);
    api<{ version: Version }>('/catalogue', { method: 'POST', body: { ...changeOf(data.live, draft), note } })
      .then(({ version }) => {
        setNote('');
        return load({
          ok: true,
          text: `Opublikowano wersję ${version.version}. Strona, API i nowe wyceny używają już nowych cen.`,
        });
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setStatus({ ok: false, text: e.message }) : onFailure(e)))
      .finally(() => setBusy(false));
  };

  const restore = (version: number) => {
    setBusy(true);
    api<{ version: Version }>(`/catalogue/versions/${version}/restore`, { method: 'POST', body: {} })
      .then(({ version: v }) =>
        load({ ok: true, text: `Przywrócono ceny wersji ${version} jako nową wersję ${v.version}.` }),
      )
      .catch((e: unknown) => (e instanceof ApiRefused ? setStatus({ ok: false, text: e.message }) : onFailure(e)))
      .finally(() => setBusy(false));
  };

  const set = (deviceId: string, level: string, field: PriceField, value: string) =>
    setDraft((d) => ({ ...d, [deviceId]: { ...d[deviceId], [level]: { ...d[deviceId]?.[level], [field]: value } } }));

  return (
    <div className="catalogue">
      <h1>Cennik</h1>
      <p className="lead">
        Obowiązuje:{' '}
        <strong>{data.live.version === 0 ? 'cennik wbudowany (wersja 0)' : `wersja ${data.live.version}`}</strong>. Ceny
        są netto. Dopłaty za stronę mają najwyżej dwa miejsca po przecinku (np. 0,08).
      </p>
      <Notice note={status} />
      <form onSubmit={publish} noValidate>
        {data.live.devices.map((device) => (
          <DeviceTable
            key={device.id}
            device={device}
            draft={draft[device.id] ?? {}}
            original={original[device.id] ?? {}}
            problems={problems}
            onChange={set}
          />
        ))}
        <div className="publish">
          <Field
            label="Opis zmiany"
            hint="(opcjonalnie, widoczny w historii)"
            value={note}
            maxLength={ADMIN_LIMITS.catalogueNote}
            onValue={setNote}
          />
          {check && !check.ok && (
            <p className="error" role="alert">
              Popraw zaznaczone pola ({check.problems.length}).
            </p>
          )}
          <button type="submit" className="button" disabled={busy || !changed}>
            Opublikuj cennik
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={busy}
            onClick={() => {
              setDraft(draftOf(data.live));
              setStatus(undefined);
            }}
          >
            Cofnij zmiany w formularzu
          </button>
        </div>
      </form>

      <section aria-labelledby="preview-title">
        <h2 id="preview-title">Podgląd kart cennika</h2>
        {preview ? (
          <PricingPreview catalogue={preview} />
        ) : (
          <p className="hint">Podgląd pojawi się po poprawieniu błędów.</p>
        )}
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">Historia wersji</h2>
        <DataTable columns={['Wersja', 'Kiedy', 'Kto', 'Opis']} actions>
          {data.versions.map((v, i) => (
            <tr key={v.version}>
              <td>
                {v.version}
                {i === 0 && <span className="badge">obowiązuje</span>}
              </td>
              <td>{when(v.createdAt)}</td>
              <td>{v.createdBy}</td>
              <td>{v.note ?? '–'}</td>
              <td>
                {i > 0 && (
                  <button
                    type="button"
                    className="button ghost small"
                    disabled={busy}
                    onClick={() => restore(v.version)}
                  >
                    Przywróć wersję {v.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
          <tr>
            <td>0{data.versions.length === 0 && <span className="badge">obowiązuje</span>}</td>
            <td>–</td>
            <td>–</td>
            <td>Cennik wbudowany (specyfikacja)</td>
            <td>
              {data.versions.length > 0 && (
                <button type="button" className="button ghost small" disabled={busy} onClick={() => restore(0)}>
                  Przywróć wersję 0
                </button>
              )}
            </td>
          </tr>
        </DataTable>
      </section>
    </div>
  );
}

function DeviceTable({
  device,
  draft,
  original,
  problems,
  onChange,
}: {
  device: Device;
  draft: Draft[string];
  original: Draft[string];
  problems: Map<string, CatalogueProblem>;
  onChange: (deviceId: string, level: string, field: PriceField, value: string) => void;
}) {
  const fields = FIELDS.filter((f) => !f.color || device.type === 'color');
  return (
    <fieldset className="device">
      <legend>
        {device.name}{' '}
        <span className="hint">
          ({device.type === 'color' ? 'kolor' : 'mono'}, {device.format})
        </span>
      </legend>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Pakiet</th>
              {fields.map((f) => (
                <th key={f.field} scope="col">
                  {f.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {device.packages.map((p) => (
              <tr key={p.level}>
                <th scope="row">{LEVEL_NAMES[p.level as PackageLevel]}</th>
                {fields.map((f) => {
                  const problem = problems.get(problemKey(device.id, p.level, f.field));
                  const id = `${device.id}-${p.level}-${f.field}`;
                  const edited = (draft[p.level]?.[f.field] ?? '') !== (original[p.level]?.[f.field] ?? '');
                  return (
                    <td key={f.field} className={edited ? 'edited' : undefined}>
                      <input
                        id={id}
                        inputMode={
                          f.field.startsWith('monthlyLimit') || f.field === 'colorLimit' ? 'numeric' : 'decimal'
                        }
                        aria-label={`${device.name}, ${LEVEL_NAMES[p.level as PackageLevel]}: ${f.label}`}
                        aria-invalid={problem ? 'true' : undefined}
                        aria-describedby={problem ? `${id}-error` : undefined}
                        value={draft[p.level]?.[f.field] ?? ''}
                        onInput={(e) => onChange(device.id, p.level, f.field, (e.target as HTMLInputElement).value)}
                      />
                      {problem && (
                        <span id={`${id}-error`} className="field-error">
                          {problem.message}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

/** The pricing cards as visitors will see them: the widget's component in a shadow root with its own styles. */
function PricingPreview({ catalogue }: { catalogue: Catalogue }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let root = el.shadowRoot;
    if (!root) {
      root = el.attachShadow({ mode: 'open' });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(pricingCss);
      root.adoptedStyleSheets = [sheet];
      // A preview: its links go nowhere.
      root.addEventListener('click', (e) => {
        if (e.target instanceof Element && e.target.closest('a')) e.preventDefault();
      });
    }
    render(<Pricing catalogue={catalogue} container={root} />, root);
  }, [catalogue]);
  useEffect(
    () => () => {
      if (host.current?.shadowRoot) render(null, host.current.shadowRoot);
    },
    [],
  );
  return <div ref={host} className="pricing-preview" data-testid="pricing-preview" />;
}
