/**
 * `<kserowo-configurator>`: device → package → quote (DESIGN §2, §4, §5). Attributes, events,
 * parts and custom properties: ./contract.ts. Without `device` / `package` the page's
 * `?device=` / `?package=` preselect. Shadow DOM keeps host CSS out of a long form that partners
 * embed; labels and inputs share the shadow tree with `autocomplete` tokens, which Chromium and
 * Safari need to autofill inside an open shadow root.
 *
 * The steps are components of their own (DeviceStep, PackageStep, QuoteStep); the step
 * and choices live in state.ts; QuoteStep is a chunk asked for in step 2 (./load-quote.ts). The
 * site pre-renders step 1 (step 2 for a `device`) into Declarative Shadow DOM.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Catalogue, isPackageLevel } from '../core/model.ts';
import { priceQuote } from '../core/quote.ts';
import { attribution, rememberFirstVisit } from '../core/attribution.ts';
import { type SendResult, newSubmissionId, postJson } from '../core/api.ts';
import { scriptOrigin, useCatalogue } from '../core/catalogue-source.ts';
import { figures, reportLead, reportStep } from './report.ts';
import { emit, hostOf } from '../core/events.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import { TOAST } from '../core/errors.ts';
import { FALLBACK } from '../core/texts.ts';
import { focusField } from '../core/field-focus.ts';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { T } from './copy.ts';
import { type Contact, type Step, readHandoff, readUrl, useChoices, useContact, writeUrl } from './state.ts';
import { DeviceStep, type Filters } from './DeviceStep.tsx';
import { PackageStep } from './PackageStep.tsx';
import { useQuoteStep } from './load-quote.ts';
import { type Estimated, EstimateToggle } from './Estimate.tsx';
import { ChunkFailed, Done, Progress, type QuoteAnswer, type Toast, ToastBox } from './parts.tsx';
import type { PrefillProps } from '../core/prefill.ts';

export interface ConfiguratorProps extends WidgetHostProps, CommonProps, PrefillProps {
  device?: string;
  package?: string;
  syncUrl?: boolean;
  /** A catalogue to render with (tests, previews, server rendering); otherwise the page's. */
  catalogue?: Catalogue;
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
  const { choices, setChoices, setLevelChosen, update, device, estimates, pkg, step } = useChoices(props, catalogue);
  const [filters, setFilters] = useState<Filters>({ type: '', format: '' });
  const [contact, setContact, resetContact] = useContact(props);
  const [submissionId, setSubmissionId] = useState(newSubmissionId);
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<Toast>();
  const [stepError, setStepError] = useState('');
  const [done, setDone] = useState<QuoteAnswer>();
  const [calc, setCalc] = useState<Estimated>(readHandoff);
  const push = useRef(false);
  const moved = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const host = () => hostOf(container);
  /** What the step announcement reports, read when the step changes (not a reason to announce again). */
  const now = useRef({ host, device, pkg, figures: figures(choices, calc) });
  now.current = { host, device, pkg, figures: figures(choices, calc) };
  const ready = !!catalogue;

  useEffect(rememberFirstVisit, []);

  // Attributes changed by the host page preselect again.
  useEffect(() => {
    if (props.device) setChoices((c) => ({ ...c, deviceId: props.device }));
  }, [props.device, setChoices]);
  useEffect(() => {
    if (props.package) setChoices((c) => ({ ...c, level: props.package }));
  }, [props.package, setChoices]);

  // The URL follows the step (a new history entry) and the choices (replaced in place).
  useEffect(() => {
    if (!syncUrl || !ready) return;
    writeUrl({ ...choices, step, level: pkg?.level ?? choices.level }, push.current);
    push.current = false;
  }, [syncUrl, ready, step, choices, pkg?.level]);

  useEffect(() => {
    if (!syncUrl) return;
    const onPop = () => {
      moved.current = true;
      setChoices(readUrl({ syncUrl }));
      setDone(undefined);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [syncUrl, setChoices]);

  // Focus follows a move to the new step's heading as the step appears (a layout effect,
  // not one after paint): keys pressed right after the move then land in the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes: the heading is then the new step's
  useLayoutEffect(() => {
    if (!ready) return;
    if (moved.current) heading.current?.focus({ preventScroll: false });
    moved.current = false;
  }, [step, ready]);
  // The quote step's code comes while the visitor is in the package step (or at once in step 3).
  const quote = useQuoteStep(ready && step >= 2, step >= 3, (error) =>
    emit(now.current.host(), 'kserowo:error', { kind: 'network', message: String((error as Error)?.message ?? error) }),
  );
  // Every step entered is announced to the host page and analytics.
  useEffect(() => {
    if (ready) reportStep(now.current.host(), step, now.current.device, now.current.pkg, now.current.figures);
  }, [step, ready]);

  if (!catalogue)
    return (
      <div className="k-root cfg" lang="pl" dir="ltr">
        <Loading />
      </div>
    );

  const go = (next: Step) => {
    setStepError('');
    setToast(undefined);
    push.current = true;
    moved.current = true;
    update({ step: next });
  };
  const field = (key: keyof Contact) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const { value } = e.currentTarget;
    setContact((c) => ({ ...c, [key]: value }));
    if (toast?.field === key) setToast(undefined);
  };
  // The calculator in either step; its advised device and package are one click away.
  const estimator = (label: string) => (
    <EstimateToggle {...{ catalogue, device, pkg, choices, update, setLevelChosen, setCalc, label, go }} />
  );
  const fail = (kind: 'validation' | 'server' | 'network', t: Toast) => {
    setToast(t);
    emit(host(), 'kserowo:error', { kind, message: t.text });
    if (t.field) focusField(host()?.shadowRoot?.getElementById(`q-${t.field}`));
  };

  const send = async () => {
    if (!device || !pkg || !quote.chunk || sending) return;
    const checked = quote.chunk.checkQuoteContact(contact);
    if (!checked.ok) return fail('validation', checked.toast);
    const { name, email } = checked.data;
    setSending(true);
    setToast(undefined);
    let result: SendResult<QuoteAnswer>;
    try {
      const opt = (v: string) => v.trim() || undefined;
      const mono = Number(choices.mono) || 0;
      const color = Number(choices.color) || 0;
      // The estimate's inputs go with the quote while its volume is still the one in the fields.
      const est = calc.estimate;
      const fits = est && est.volume.mono === mono && (device.type !== 'color' || est.volume.color === color);
      result = await postJson<QuoteAnswer>(`${apiBase || scriptOrigin}/api/quotes`, {
        deviceId: device.id,
        level: pkg.level,
        term: choices.term,
        paper: choices.paper,
        ...(mono || color ? { volume: { mono, color } } : {}),
        ...(fits ? { estimate: est.inputs, a3: est.a3 } : {}),
        ...(calc.comparison ? { comparison: calc.comparison.inputs } : {}),
        clicked: calc.clicked,
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
    } catch {
      // Anything failing around the request: the spec's error toast, what was typed stays, never 'Wysyłanie...'.
      result = { kind: 'server', status: 0 };
    } finally {
      setSending(false);
    }
    // A used id with another body (DESIGN §7): the next try is a new submission.
    if (result.kind === 'server' && result.status === 409) setSubmissionId(newSubmissionId());
    if (result.kind === 'network') return fail('network', TOAST.networkError);
    if (result.kind === 'server' || !result.data?.ok || !result.data.url) {
      return fail('server', {
        title: TOAST.serverError.title,
        text: (result.kind === 'server' && result.error) || TOAST.serverError.text,
        // A refused contact field (the server names it) is outlined and focused like a checked one.
        ...(result.kind === 'server' && result.field && result.field in contact ? { field: result.field } : {}),
      });
    }
    const answer = result.data;
    setDone(answer);
    resetContact();
    setSubmissionId(newSubmissionId());
    setCalc({});
    reportLead(host(), answer, device, pkg.level);
  };

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (step === 1) return device ? go(2) : setStepError(T.chooseDevice);
    if (step === 2) return go(3);
    void send();
  };

  if (done) {
    return (
      <Done
        answer={done}
        onAgain={() => {
          setDone(undefined);
          go(1);
        }}
      />
    );
  }

  return (
    <div className="k-root cfg" part="root" lang="pl" dir="ltr">
      <Progress step={step} />
      {/* Pre-rendered, it takes clicks before the script has arrived: the loader replays them (widgets/replay.ts). */}
      <form onSubmit={onSubmit} noValidate>
        <h2 ref={heading} tabIndex={-1}>
          <span className="sr-only">{T.stepOf(step)}: </span>
          {T.headings[step - 1]}
        </h2>
        {step === 1 && (
          <DeviceStep
            catalogue={catalogue}
            chosen={device}
            unknownId={choices.deviceId && !device ? choices.deviceId : undefined}
            error={stepError}
            filters={filters}
            setFilters={setFilters}
            estimator={estimator(T.dontKnowModel)}
            onChoose={(id) => {
              setStepError('');
              update({ deviceId: id });
            }}
          />
        )}
        {step === 2 && device && (
          <PackageStep
            device={device}
            pkg={pkg}
            choices={choices}
            estimates={estimates}
            unknownLevel={choices.level && !isPackageLevel(choices.level) ? choices.level : undefined}
            update={update}
            onLevel={(level) => {
              setLevelChosen(true);
              update({ level });
            }}
            estimator={estimator(T.dontKnow)}
          />
        )}
        {step === 3 && device && pkg && quote.failed && <ChunkFailed onRetry={quote.retry} />}
        {step === 3 && device && pkg && !quote.chunk && !quote.failed && <Loading />}
        {step === 3 && device && pkg && quote.chunk && (
          <quote.chunk.QuoteStep
            device={device}
            quote={priceQuote(device, pkg, choices.term, choices.paper, {
              mono: Number(choices.mono),
              color: Number(choices.color),
            })}
            contact={contact}
            refused={toast?.field ? toast : undefined}
            field={field}
            website={website}
            setConsent={(marketingConsent) => setContact((c) => ({ ...c, marketingConsent }))}
            setWebsite={setWebsite}
            apiBase={apiBase}
          />
        )}
        {toast && <ToastBox toast={toast} onClose={() => setToast(undefined)} />}
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
