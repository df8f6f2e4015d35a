/** The configurator's frame: the step progress, the error toast and the thank-you view. */
import { useLayoutEffect, useRef } from 'react';
import { TOAST } from '../core/errors.ts';
import { FALLBACK } from '../core/texts.ts';
import { focusResult } from '../core/field-focus.ts';
import type { QuotePrice } from '../core/quote.ts';
import { T } from './copy.ts';
import type { Step } from './state.ts';

/** What `POST /api/quotes` answers. */
export interface QuoteAnswer {
  ok: true;
  id: string;
  /** The human number; null while the quote waits on the server's queue for storage (202). */
  number: string | null;
  url: string;
  /** The quote's order page (`/zamowienie/<id>`): the contract signed online. */
  orderUrl?: string;
  quote: QuotePrice;
  /** The saving against the current contract the server recomputed (net, per month). */
  savingsMonthly?: number;
}

export interface Toast {
  title: string;
  text: string;
  /** The contact field a validation error is about: its message is shown under it too. */
  field?: string;
}

export function Progress({ step }: { step: Step }) {
  return (
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
  );
}

export function ToastBox({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <div className="toast" part="toast" role="alert">
      <strong>{toast.title}</strong>
      <p>{toast.text}</p>
      <button type="button" className="x" aria-label={T.close} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/** The sent quote, in place of the form: in view and focused, whatever the page scrolled to. */
export function Done({ answer, onAgain }: { answer: QuoteAnswer; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => focusResult(heading.current), []);
  return (
    <div className="k-root cfg" part="root" lang="pl" dir="ltr">
      <div className="done" part="done" role="status">
        <h2 ref={heading} tabIndex={-1}>
          {T.doneTitle(answer.number)}
        </h2>
        <p>{TOAST.success.text}</p>
        <p>{T.doneValid}</p>
        <p>
          {answer.orderUrl && (
            <>
              <a className="btn" href={answer.orderUrl}>
                {T.orderLink}
              </a>{' '}
            </>
          )}
          <a className={answer.orderUrl ? 'btn ghost' : 'btn'} href={answer.url} target="_blank" rel="noopener">
            {T.doneLink}
          </a>
        </p>
        <p>
          <button type="button" className="btn ghost" onClick={onAgain}>
            {T.again}
          </button>
        </p>
      </div>
    </div>
  );
}

/** Step 3 when its chunk could not come: the widget's fallback, and a retry that keeps what was typed. */
export function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="fallback" role="alert">
      <p>
        <strong>{FALLBACK.configurator}</strong>
      </p>
      <p>{FALLBACK.sectionText}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {FALLBACK.retry}
      </button>
    </div>
  );
}
