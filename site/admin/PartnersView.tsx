/**
 * 'Partnerzy': the register the widgets' `partner="…"` is checked against. The owner
 * adds a partner (id, name, company by NIP from the White List, contact e-mail for /partner,
 * its pages' domains, commission terms, attribution window), edits it and pauses or resumes it;
 * the sales team sees the list. A refusal names its field: the field is outlined and focused.
 * 'Rozliczenie' opens a partner's month statement (what the partner sees on /partner) and lets the
 * owner mark it settled, which freezes its commission (audited).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type {
  PartnerDetail,
  PartnerList,
  PartnerStatementAnswer,
  PartnerSummary,
} from '../../worker/admin-shared/admin-api.ts';
import { PARTNER_LIMITS, type PartnerCommission, shareText } from '../../worker/admin-shared/partner-validation.ts';
import type { SessionViewProps } from './view-props.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import { formatPln } from '../../widgets/core/format.ts';
import { dateTimeText, monthText } from '../../widgets/core/dates.ts';
import { lastMonth } from './months.ts';

type Note = { ok: boolean; text: string } | undefined;

export const commissionLabel = (c: PartnerCommission): string =>
  c.kind === 'share'
    ? `${shareText(c.shareBp)} zapłaconej kwoty netto, ${c.months} mies.`
    : `${formatPln(c.amountGr / 100, 2)} za zainstalowaną umowę`;

/** The form's values to the API's body: percent and złoty typed, basis points and grosze sent. */
function bodyOf(form: HTMLFormElement, withId: boolean) {
  const data = new FormData(form);
  const text = (k: string) => String(data.get(k) ?? '').trim();
  const number = (k: string, scale: number) => {
    const n = Number(text(k).replace(',', '.'));
    return text(k) === '' || !Number.isFinite(n) ? Number.NaN : Math.round(n * scale);
  };
  const kind = text('kind');
  return {
    ...(withId ? { id: text('id') } : {}),
    name: text('name'),
    nip: text('nip'),
    email: text('email'),
    domains: text('domains'),
    commission:
      kind === 'fixed'
        ? { kind, amountGr: number('amount', 100) }
        : { kind: 'share', shareBp: number('share', 100), months: number('months', 1) },
    windowDays: number('windowDays', 1),
  };
}

/** The API's field → the form's input. */
const INPUT_OF: Record<string, string> = { shareBp: 'share', amountGr: 'amount', commission: 'kind' };

function PartnerForm({
  partner,
  onSaved,
  onFailure,
}: {
  partner?: PartnerDetail;
  onSaved: (text: string) => void;
  onFailure: (e: unknown) => void;
}) {
  const [kind, setKind] = useState<string>(partner?.commission.kind ?? 'share');
  const [problem, setProblem] = useState<{ field?: string; text: string }>();
  const form = useRef<HTMLFormElement>(null);
  const prefix = partner ? `edit-${partner.id}` : 'new';
  // Opened by 'Zmień': the keyboard goes to the form it opened.
  useEffect(() => {
    if (partner) form.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
  }, [partner]);
  useEffect(() => {
    if (!problem?.field) return;
    form.current?.querySelector<HTMLElement>(`[name="${INPUT_OF[problem.field] ?? problem.field}"]`)?.focus();
  }, [problem]);
  const submit = (event: Event) => {
    event.preventDefault();
    const el = event.currentTarget as HTMLFormElement;
    const body = bodyOf(el, !partner);
    api<{ id: string }>(partner ? `/partners/${partner.id}` : '/partners', {
      method: partner ? 'PATCH' : 'POST',
      body,
    })
      .then(() => {
        setProblem(undefined);
        if (!partner) el.reset();
        onSaved(
          partner
            ? `Zapisano zmiany partnera ${partner.name}.`
            : `Dodano partnera ${body.name}: przypisujemy go od teraz.`,
        );
      })
      .catch((e: unknown) => {
        if (e instanceof ApiRefused) {
          const field = (e.data as { field?: string } | undefined)?.field;
          setProblem({ field, text: e.message });
        } else onFailure(e);
      });
  };
  const invalid = (name: string) => problem?.field !== undefined && (INPUT_OF[problem.field] ?? problem.field) === name;
  const described = (name: string) => (invalid(name) ? { 'aria-describedby': `${prefix}-problem` } : {});
  const c = partner?.commission;
  return (
    <form
      ref={form}
      className="card filters partner-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${prefix}-title`}
    >
      <h2 id={`${prefix}-title`}>{partner ? `Zmień: ${partner.name}` : 'Dodaj partnera'}</h2>
      {!partner && (
        <Field
          label="Identyfikator (partner=…)"
          hint="stały, np. drukarnia-abc"
          name="id"
          required
          maxLength={PARTNER_LIMITS.id}
          invalid={invalid('id')}
          {...described('id')}
        />
      )}
      <Field
        label="Nazwa"
        name="name"
        required
        maxLength={PARTNER_LIMITS.name}
        defaultValue={partner?.name}
        invalid={invalid('name')}
        {...described('name')}
      />
      <Field
        label="NIP"
        hint="firma z wykazu VAT"
        name="nip"
        inputMode="numeric"
        defaultValue={partner?.nip ?? ''}
        invalid={invalid('nip')}
        {...described('nip')}
      />
      <Field
        label="E-mail kontaktowy"
        hint="logowanie do /partner"
        name="email"
        type="email"
        defaultValue={partner?.email ?? ''}
        invalid={invalid('email')}
        {...described('email')}
      />
      <Field
        label="Domeny stron partnera"
        hint="oddzielone przecinkami"
        name="domains"
        defaultValue={partner?.domains.join(', ') ?? ''}
        invalid={invalid('domains')}
        {...described('domains')}
      />
      <SelectField
        label="Prowizja"
        name="kind"
        options={[
          ['share', 'udział w zapłaconej kwocie netto'],
          ['fixed', 'stała kwota za zainstalowaną umowę'],
        ]}
        value={kind}
        onValue={setKind}
      />
      {kind === 'share' ? (
        <>
          <Field
            label="Udział (%)"
            name="share"
            inputMode="decimal"
            defaultValue={c?.kind === 'share' ? String(c.shareBp / 100).replace('.', ',') : '10'}
            invalid={invalid('share')}
            {...described('share')}
          />
          <Field
            label="Przez pierwsze miesiące umowy"
            name="months"
            inputMode="numeric"
            defaultValue={c?.kind === 'share' ? String(c.months) : '12'}
            invalid={invalid('months')}
            {...described('months')}
          />
        </>
      ) : (
        <Field
          label="Kwota za umowę (zł)"
          name="amount"
          inputMode="decimal"
          defaultValue={c?.kind === 'fixed' ? String(c.amountGr / 100).replace('.', ',') : ''}
          invalid={invalid('amount')}
          {...described('amount')}
        />
      )}
      <Field
        label="Okno atrybucji (dni)"
        name="windowDays"
        inputMode="numeric"
        defaultValue={String(partner?.windowDays ?? 90)}
        invalid={invalid('windowDays')}
        {...described('windowDays')}
      />
      {problem && (
        <p id={`${prefix}-problem`} className="error" role="alert">
          {problem.text}
        </p>
      )}
      <div className="filter-actions">
        <button type="submit" className="button">
          {partner ? 'Zapisz zmiany' : 'Dodaj partnera'}
        </button>
      </div>
    </form>
  );
}

const pln = (gr: number) => formatPln(gr / 100, 2);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A partner's month statement, and the owner's 'Oznacz jako rozliczony'. */
function PartnerStatement({
  partner,
  owner,
  onFailure,
}: {
  partner: PartnerSummary;
  owner: boolean;
  onFailure: (e: unknown) => void;
}) {
  const [month, setMonth] = useState(lastMonth);
  const [answer, setAnswer] = useState<PartnerStatementAnswer | undefined>();
  const [note, setNote] = useState<Note>();
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(
    (which: string) =>
      api<PartnerStatementAnswer>(`/partners/${partner.id}/statements/${which}`).then(setAnswer).catch(onFailure),
    [partner.id, onFailure],
  );
  useEffect(() => {
    setAnswer(undefined);
    if (MONTH.test(month)) void load(month);
  }, [month, load]);
  // Opened by 'Rozliczenie': the keyboard and the screen reader go to it.
  useEffect(() => heading.current?.focus(), []);
  const settle = () =>
    api<{ commissionGr: number }>(`/partners/${partner.id}/statements/${month}/settle`, { method: 'POST', body: {} })
      .then((r) => {
        setNote({ ok: true, text: `Oznaczono ${monthText(month)} jako rozliczony: prowizja ${pln(r.commissionGr)}.` });
        return load(month);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e)));
  const s = answer?.statement;
  return (
    <section className="card partner-statement" aria-labelledby="statement-title">
      <h2 id="statement-title" ref={heading} tabIndex={-1}>
        Rozliczenie: {partner.name}
      </h2>
      <Field label="Miesiąc" type="month" value={month} onValue={setMonth} />
      <Notice note={note} />
      {!s && MONTH.test(month) && <p role="status">Ładowanie zestawienia...</p>}
      {s && s.lines.length === 0 && <p>W tym miesiącu nie ma faktur z umów tego partnera.</p>}
      {s && s.lines.length > 0 && (
        <DataTable columns={['Umowa', 'Firma', 'Faktura', 'Netto', 'Zapłacono netto', 'Prowizja']}>
          {s.lines.map((l) => (
            <tr key={`${l.contractNumber} ${l.invoiceNumber}`}>
              <td data-label="Umowa">{l.contractNumber}</td>
              <td data-label="Firma" className="wrap">
                {l.companyName}
              </td>
              <td data-label="Faktura">{l.invoiceNumber ?? '—'}</td>
              <td data-label="Netto">{pln(l.netGr)}</td>
              <td data-label="Zapłacono netto">{pln(l.paidNetGr)}</td>
              <td data-label="Prowizja">{pln(l.commissionGr)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {s && answer && (
        <p>
          {answer.settled
            ? `Rozliczone ${dateTimeText(answer.settled.settled_at)} (${answer.settled.settled_by}): prowizja ${pln(answer.settled.commission_gr)}.`
            : `Prowizja za ${monthText(month)}: ${pln(s.commissionGr)} (nierozliczona; rośnie, gdy wpłyną zaległe płatności).`}
        </p>
      )}
      {owner && s && !answer?.settled && (
        <button type="button" className="button" onClick={() => void settle()}>
          Oznacz {monthText(month)} jako rozliczony
        </button>
      )}
    </section>
  );
}

export function PartnersView({ onFailure, session }: SessionViewProps) {
  const owner = session.role === 'owner';
  const [partners, setPartners] = useState<PartnerSummary[] | undefined>();
  const [editing, setEditing] = useState<PartnerDetail | undefined>();
  const [statementOf, setStatementOf] = useState<PartnerSummary | undefined>();
  const [note, setNote] = useState<Note>();
  const load = useCallback(
    () =>
      api<PartnerList>('/partners')
        .then((r) => setPartners(r.partners))
        .catch(onFailure),
    [onFailure],
  );
  useEffect(() => void load(), [load]);
  const refused = (e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e));
  const saved = (text: string) => {
    setNote({ ok: true, text });
    setEditing(undefined);
    return load();
  };
  const edit = (p: PartnerSummary) =>
    api<{ partner: PartnerDetail }>(`/partners/${p.id}`)
      .then((r) => setEditing(r.partner))
      .catch(refused);
  const toggle = (p: PartnerSummary) =>
    api(`/partners/${p.id}`, { method: 'PATCH', body: { active: !p.active } })
      .then(() => saved(p.active ? `Wstrzymano partnera ${p.name}.` : `Wznowiono partnera ${p.name}.`))
      .catch(refused);

  return (
    <div className="partners">
      <h1>Partnerzy</h1>
      <p className="lead">
        Zapytania z widżetów z atrybutem <code>partner="…"</code> przypisujemy partnerowi z tej listy od razu po
        dodaniu. Zapytanie wysłane spoza domen partnera (albo gdy jest wstrzymany) czeka na potwierdzenie w szczegółach
        leada i do tego czasu nie daje prowizji.
      </p>
      <Notice note={note} />
      {partners && partners.length > 0 && (
        <DataTable columns={['Partner', 'NIP', 'Domeny', 'Prowizja', 'Stan']} actions>
          {partners.map((p) => (
            <tr key={p.id} className={p.active ? undefined : 'disabled'}>
              <td className="wrap">
                {p.name}
                <br />
                <code>{p.id}</code>
              </td>
              <td>{p.nip ?? '—'}</td>
              <td className="wrap">{p.domains.join(', ') || '—'}</td>
              <td className="wrap">{commissionLabel(p.commission)}</td>
              <td>{p.active ? 'aktywny' : 'wstrzymany'}</td>
              <td className="actions">
                <button
                  type="button"
                  className="button small"
                  onClick={() => setStatementOf(p)}
                  aria-label={`Rozliczenie: ${p.name}`}
                >
                  Rozliczenie
                </button>
                {owner && (
                  <>
                    <button
                      type="button"
                      className="button small"
                      onClick={() => void edit(p)}
                      aria-label={`Zmień: ${p.name}`}
                    >
                      Zmień
                    </button>
                    <button
                      type="button"
                      className="button small"
                      onClick={() => void toggle(p)}
                      aria-label={`${p.active ? 'Wstrzymaj' : 'Wznów'}: ${p.name}`}
                    >
                      {p.active ? 'Wstrzymaj' : 'Wznów'}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {partners && partners.length === 0 && <p>Nie ma jeszcze partnerów.</p>}
      {statementOf && (
        <PartnerStatement key={statementOf.id} partner={statementOf} owner={owner} onFailure={onFailure} />
      )}
      {editing && <PartnerForm key={editing.id} partner={editing} onSaved={saved} onFailure={onFailure} />}
      {owner && <PartnerForm onSaved={saved} onFailure={onFailure} />}
    </div>
  );
}
