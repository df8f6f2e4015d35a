/** Loading state, the fallback panel of spec §2/§8 and the error boundary every widget renders through. */
import { Component, type ReactNode } from 'react';
import { track } from './analytics.ts';
import { emit, hostOf } from './events.ts';
import { FALLBACK } from './texts.ts';

/** The 'Ładowanie...' spinner in a box of reserved height. */
export function Loading() {
  return (
    <div className="loading" role="status">
      <span className="spinner" />
      {FALLBACK.loading}
    </div>
  );
}

/**
 * A section's fallback (spec §8 'Section error'): the title (spec §2's named one where the
 * route has it, else 'Coś poszło nie tak'), the text, 'Spróbuj ponownie' that reloads the
 * page and 'Strona główna'. Links, so they work in static HTML without JavaScript too.
 */
export function FallbackPanel({ title = FALLBACK.sectionTitle }: { title?: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p>{FALLBACK.sectionText}</p>
      {/* biome-ignore lint/a11y/useValidAnchor: href="" reloads this page, which is the retry (it works without JavaScript). */}
      <a className="btn" href="">
        {FALLBACK.retry}
      </a>{' '}
      <a className="btn ghost" href="/">
        {FALLBACK.home}
      </a>
    </>
  );
}

interface BoundaryProps {
  /** The widget's fallback title of spec §2 (e.g. 'Konfigurator niedostępny'); default 'Coś poszło nie tak'. */
  title?: string;
  container?: HTMLElement | ShadowRoot | undefined;
  children?: ReactNode;
}

/**
 * Catches a widget's render errors: shows its fallback, reports a non-fatal exception
 * (spec §7) and `kserowo:error`, and never breaks the host page.
 */
export class WidgetBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static override getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    const message = String((error as Error | undefined)?.message ?? error);
    const { title = FALLBACK.sectionTitle } = this.props;
    track({ event: 'exception', description: `${title}: ${message}`, fatal: false });
    emit(hostOf(this.props.container), 'kserowo:error', { kind: 'render', message });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="k-root fallback" role="alert" lang="pl" dir="ltr">
        <FallbackPanel title={this.props.title} />
      </div>
    );
  }
}
