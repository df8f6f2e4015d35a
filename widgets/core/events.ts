/** Events for host pages (DESIGN §2): bubbling, composed CustomEvents named `kserowo:*`. */

/** The monthly volume and the saving against the current contract, when known. */
export interface VolumeFigures {
  volume_mono?: number;
  volume_color?: number;
  savings_monthly?: number;
}

export interface WidgetEvents {
  'kserowo:type-change': { type: 'mono' | 'color' };
  'kserowo:step': { step: 1 | 2 | 3; deviceId?: string; level?: string } & VolumeFigures;
  /**
   * A stored lead. `value` is LEAD_VALUE of analytics.ts, written out because this file is
   * copied into kserowo.d.ts; the emit calls pass the constant, so changing one fails the typecheck.
   */
  'kserowo:lead':
    | ({ kind: 'contact' | 'quote'; number?: string; value: 100; currency: 'PLN' } & VolumeFigures)
    /** Existing customers: a fault report with its ticket number, a counter reading. */
    | { kind: 'service'; number: string }
    | { kind: 'meter'; serial: string };
  'kserowo:estimate': { mono: number; color: number; source: 'counters' | 'profile'; savingsMonthly?: number };
  'kserowo:error': { kind: 'validation' | 'server' | 'network' | 'render'; message: string };
}

/** The custom element that hosts a widget rendered into `container` (its shadow root or itself). */
export function hostOf(container: Node | undefined | null): HTMLElement | undefined {
  if (!container) return undefined;
  if (typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot) return container.host as HTMLElement;
  return container instanceof HTMLElement ? container : undefined;
}

export function emit<K extends keyof WidgetEvents>(
  target: EventTarget | undefined,
  name: K,
  detail: WidgetEvents[K],
): void {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
