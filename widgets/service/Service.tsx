/**
 * `<kserowo-service>`: 'Zgłoś awarię' for existing customers (DESIGN §7).
 *
 * Attributes: `api-base`, `partner`, `utm-*`, prefill `name`, `email`, `phone`, `company`,
 * `nip`, `serial` (also read from the page's `?serial=`).
 * Events: `kserowo:lead` {kind: 'service', number} with the ticket number;
 * `kserowo:error` {kind: 'validation' | 'server' | 'network', message}.
 *
 * Shadow DOM, like the configurator: host CSS stays out of the form, and labels and
 * inputs share the shadow tree with `autocomplete` tokens, which is what Chromium and
 * Safari need to autofill there. On failure every typed value stays and the same
 * submission id is reused, so a retry stores one ticket.
 */
import { useState } from 'react';
import type { WidgetHostProps } from '../core/define.ts';
import { TOAST } from '../core/errors.ts';
import { emit } from '../core/events.ts';
import { WidgetBoundary } from '../core/Fallback.tsx';
import {
  FAULT_CATEGORIES,
  SERVICE_ERRORS,
  SERVICE_LIMITS,
  SERVICE_MINIMUMS,
  phoneDigits,
} from '../core/service-fields.ts';
import {
  DoneFrame,
  EMAIL_INPUT,
  Field,
  FormFrame,
  KIT_TEXT,
  NAME_INPUT,
  SERIAL_INPUT,
  serialFromUrl,
  useServiceForm,
} from '../core/service-form.tsx';
import { FIELD_ERRORS, LIMITS, SPEC_EMAIL, type Toast } from '../core/validation.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { dateTimeText } from '../core/dates.ts';

export interface ServiceProps extends WidgetHostProps, CommonProps {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  nip?: string;
  serial?: string;
}

export const SERVICE_TEXT = {
  fallback: 'Formularz zgłoszenia awarii chwilowo niedostępny',
  title: 'Zgłoś awarię',
  device: 'Urządzenie',
  serial: 'Numer seryjny',
  // One of the two is needed: neither is 'optional' when both are empty.
  orNip: '(albo NIP)',
  orSerial: '(albo numer seryjny)',
  nip: 'NIP firmy',
  nipHint: 'Jeśli nie znasz numeru seryjnego, podaj NIP – przypiszemy zgłoszenie do urządzenia Twojej firmy.',
  category: 'Co się dzieje?',
  choose: 'Wybierz…',
  errorCode: 'Kod błędu z panelu',
  errorCodeHint: 'Np. C2557 lub J-12.',
  description: 'Opis problemu',
  phone: 'Telefon',
  phoneHint: 'Serwisant zadzwoni pod ten numer.',
  company: 'Firma',
  contactWhen: 'Kiedy dzwonić',
  contactWhenHint: 'Np. dziś do 15:00.',
  purpose: 'obsłużyć zgłoszenie serwisowe i skontaktować się z Tobą w jego sprawie',
  submit: 'Wyślij zgłoszenie',
  doneTitle: 'Zgłoszenie przyjęte',
  doneNumber: 'Numer zgłoszenia:',
  doneDue: (when: string, hours: number) => `Serwis odpowie najpóźniej ${when} (${hours} h w godzinach pracy serwisu).`,
  doneUnknown: 'Nie znaleźliśmy tego numeru seryjnego w naszym rejestrze – serwis sprawdzi to i oddzwoni.',
  doneLink: 'Zobacz status zgłoszenia',
  doneKeep: 'Zachowaj ten link: pod nim sprawdzisz, co dzieje się z Twoim zgłoszeniem.',
  again: 'Zgłoś kolejną awarię',
} as const;

export const SERVICE_PATH = '/api/service-requests';

interface Values {
  serial: string;
  nip: string;
  category: string;
  errorCode: string;
  description: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  contactWhen: string;
  marketingConsent: boolean;
}

interface Answer {
  ok: boolean;
  id: string;
  number: string;
  url: string;
  dueAt?: string;
  slaHours?: number;
  knownDevice?: boolean;
}

const when = (iso: string): string => dateTimeText(iso, 'long');

export function Service(props: ServiceProps) {
  return (
    <WidgetBoundary title={SERVICE_TEXT.fallback} container={props.container}>
      <ServiceForm {...props} />
    </WidgetBoundary>
  );
}

function initial(props: ServiceProps): Values {
  return {
    serial: props.serial ?? serialFromUrl(),
    nip: props.nip ?? '',
    category: '',
    errorCode: '',
    description: '',
    name: props.name ?? '',
    phone: props.phone ?? '',
    email: props.email ?? '',
    company: props.company ?? '',
    contactWhen: '',
    marketingConsent: false,
  };
}

/** The first empty required field (or an address failing the spec's pattern), with its toast. */
function firstProblem(values: Values): { field: keyof Values; toast: Toast } | undefined {
  const title = TOAST.validation.title;
  const missing: [keyof Values, string][] = [
    ['serial', values.serial.trim() || values.nip.trim() ? '' : SERVICE_ERRORS.serialOrNip],
    ['category', values.category ? '' : SERVICE_ERRORS.category],
    ['description', values.description.trim() ? '' : SERVICE_ERRORS.descriptionRequired],
    ['name', values.name.trim() ? '' : FIELD_ERRORS.nameRequired],
    ['phone', values.phone.trim() ? '' : SERVICE_ERRORS.phoneRequired],
    ['email', values.email.trim() ? '' : FIELD_ERRORS.emailRequired],
  ];
  const first = missing.find(([, text]) => text);
  if (first) return { field: first[0], toast: { title, text: first[1] } };
  if (values.description.trim().length < SERVICE_MINIMUMS.description)
    return { field: 'description', toast: { title, text: SERVICE_ERRORS.descriptionShort } };
  if (phoneDigits(values.phone) < SERVICE_MINIMUMS.phoneDigits)
    return { field: 'phone', toast: { title, text: SERVICE_ERRORS.phoneShort } };
  if (!SPEC_EMAIL.test(values.email.trim())) return { field: 'email', toast: TOAST.badEmail };
  return undefined;
}

function ServiceForm(props: ServiceProps) {
  const kit = useServiceForm(props, () => initial(props));
  const { id, input } = kit;
  const [done, setDone] = useState<Answer | undefined>();

  const submit = async () => {
    if (kit.busy) return;
    // The required fields and the spec's e-mail pattern here; every other rule (the
    // schema in core/service-validation.ts) is the server's, whose Polish message is shown.
    const problem = firstProblem(kit.values);
    if (problem) return kit.reject(problem.field, problem.toast);
    const result = await kit.send<Answer>(SERVICE_PATH, kit.values);
    if (result.kind !== 'ok') return kit.failed(result);
    setDone(result.data);
    emit(kit.host(), 'kserowo:lead', { kind: 'service', number: result.data.number });
  };

  if (done)
    return (
      <DoneFrame title={SERVICE_TEXT.doneTitle}>
        <p>
          {SERVICE_TEXT.doneNumber} <strong className="sf-number">{done.number}</strong>
        </p>
        {done.dueAt && done.slaHours !== undefined && <p>{SERVICE_TEXT.doneDue(when(done.dueAt), done.slaHours)}</p>}
        {done.knownDevice === false && <p>{SERVICE_TEXT.doneUnknown}</p>}
        <p className="sf-actions">
          <a className="btn" href={done.url}>
            {SERVICE_TEXT.doneLink}
          </a>
          <button
            type="button"
            className="btn ghost"
            onClick={() => {
              setDone(undefined);
              kit.setValues(initial(props));
            }}
          >
            {SERVICE_TEXT.again}
          </button>
        </p>
        <p className="sf-hint">{SERVICE_TEXT.doneKeep}</p>
      </DoneFrame>
    );

  return (
    <FormFrame
      kit={kit}
      apiBase={props.apiBase}
      title={SERVICE_TEXT.title}
      purpose={SERVICE_TEXT.purpose}
      submit={SERVICE_TEXT.submit}
      onSubmit={() => void submit()}
    >
      <Field id={`${id}-serial`} label={SERVICE_TEXT.serial} need={SERVICE_TEXT.orNip} hint={KIT_TEXT.serialHint}>
        <input {...input('serial', { ...SERIAL_INPUT, 'aria-describedby': `${id}-serial-hint` })} />
      </Field>
      <Field id={`${id}-nip`} label={SERVICE_TEXT.nip} need={SERVICE_TEXT.orSerial} hint={SERVICE_TEXT.nipHint}>
        <input
          {...input('nip', {
            type: 'text',
            inputMode: 'numeric',
            maxLength: LIMITS.nip,
            'aria-describedby': `${id}-nip-hint`,
          })}
        />
      </Field>
      <Field id={`${id}-category`} label={SERVICE_TEXT.category} required>
        <select {...input('category', { onChange: kit.set('category'), 'aria-required': true })}>
          <option value="">{SERVICE_TEXT.choose}</option>
          {Object.entries(FAULT_CATEGORIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-errorCode`} label={SERVICE_TEXT.errorCode} hint={SERVICE_TEXT.errorCodeHint}>
        <input
          {...input('errorCode', {
            type: 'text',
            autoComplete: 'off',
            maxLength: SERVICE_LIMITS.errorCode,
            'aria-describedby': `${id}-errorCode-hint`,
          })}
        />
      </Field>
      <Field id={`${id}-description`} label={SERVICE_TEXT.description} required wide>
        <textarea
          {...input('description', { rows: 4, maxLength: SERVICE_LIMITS.description, 'aria-required': true })}
        />
      </Field>
      <Field id={`${id}-name`} label={KIT_TEXT.name} required>
        <input {...input('name', NAME_INPUT)} />
      </Field>
      <Field id={`${id}-phone`} label={SERVICE_TEXT.phone} required hint={SERVICE_TEXT.phoneHint}>
        <input
          {...input('phone', {
            type: 'tel',
            autoComplete: 'tel',
            inputMode: 'tel',
            maxLength: LIMITS.phone,
            'aria-required': true,
            'aria-describedby': `${id}-phone-hint`,
          })}
        />
      </Field>
      <Field id={`${id}-email`} label={KIT_TEXT.email} required>
        <input {...input('email', EMAIL_INPUT)} />
      </Field>
      <Field id={`${id}-company`} label={SERVICE_TEXT.company}>
        <input {...input('company', { type: 'text', autoComplete: 'organization', maxLength: LIMITS.company })} />
      </Field>
      <Field id={`${id}-contactWhen`} label={SERVICE_TEXT.contactWhen} hint={SERVICE_TEXT.contactWhenHint} wide>
        <input
          {...input('contactWhen', {
            type: 'text',
            autoComplete: 'off',
            maxLength: SERVICE_LIMITS.contactWhen,
            'aria-describedby': `${id}-contactWhen-hint`,
          })}
        />
      </Field>
    </FormFrame>
  );
}
