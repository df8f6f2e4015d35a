/** Loading state and the error boundary every widget renders through. */
import { Component, type ReactNode } from 'react';
import { track } from './analytics.ts';
import { emit, hostOf } from './events.ts';
import { FALLBACK } from './texts.ts';

/** The 'Ładowanie...' spinner in a box of reserved height. */
export function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{FALLBACK.loading}</span>
    </div>
  );
}

interface BoundaryProps {
  /** The widget's fallback text of spec §2 (e.g. 'Konfigurator niedostępny'). */
  title: string;
  container?: HTMLElement | ShadowRoot | undefined;
  children?: ReactNode;
}

/**
 * Catches a widget's render errors: shows its fallback text, reports a non-fatal
 * exception (spec §7) and `kserowo:error`, and never breaks the host page.
 */
export class WidgetBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static override getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    track({ event: 'exception', description: `${this.props.title}: ${message}`, fatal: false });
    emit(hostOf(this.props.container), 'kserowo:error', { kind: 'render', message });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="k-root fallback" role="alert" lang="pl">
        <h2>{this.props.title}</h2>
        <p>{FALLBACK.sectionText}</p>
        <button type="button" className="btn ghost" onClick={() => this.setState({ failed: false })}>
          {FALLBACK.retry}
        </button>
      </div>
    );
  }
}
