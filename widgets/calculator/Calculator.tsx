/**
 * `<kserowo-calculator>`: the volume calculator and the comparison with the
 * current contract as an element of its own, for partner pages. The same Panel as the
 * configurator's 'Nie wiem, ile drukuję'. Shadow DOM: a partner's CSS stays out; the
 * fields ask for no personal data, so autofill does not matter here.
 * Attributes, events and parts: ./contract.ts.
 */
import { useRef } from 'react';
import type { Catalogue } from '../core/model.ts';
import { findDevice } from '../core/model.ts';
import { scriptOrigin, useCatalogue } from '../core/catalogue-source.ts';
import { emit, hostOf } from '../core/events.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { C } from '../kit/estimate/copy.ts';
import { Panel } from '../kit/estimate/Panel.tsx';
import type { ContractInput, EstimateInput } from '../core/estimate-validation.ts';

export interface CalculatorProps extends WidgetHostProps, CommonProps {
  device?: string;
  configuratorUrl?: string;
  catalogue?: Catalogue;
}

export function Calculator(props: CalculatorProps) {
  return (
    <WidgetBoundary title={C.unavailable} container={props.container}>
      <CalculatorBody {...props} />
    </WidgetBoundary>
  );
}

function CalculatorBody(props: CalculatorProps) {
  const catalogue = useCatalogue(props.apiBase, props.catalogue);
  const last = useRef<{ mono: number; color: number; source: 'counters' | 'profile' }>();
  // What the configurator gets through its URL: the estimate's and the current contract's inputs.
  const handoff = useRef<{ estimate?: EstimateInput; contract?: ContractInput }>({});
  if (!catalogue)
    return (
      <div className="k-root" lang="pl" dir="ltr">
        <Loading />
      </div>
    );
  const device = props.device ? findDevice(catalogue, props.device) : undefined;
  const host = () => hostOf(props.container);
  const base = props.configuratorUrl || `${props.apiBase || scriptOrigin}/konfigurator`;
  return (
    <div className="k-root" part="root" lang="pl" dir="ltr">
      <h2 className="kc-title">{C.title}</h2>
      <Panel
        catalogue={catalogue}
        device={device}
        idPrefix="kcalc"
        onEstimate={({ inputs, volume }) => {
          handoff.current = { estimate: inputs };
          last.current = { mono: volume.mono, color: volume.color, source: volume.source };
          emit(host(), 'kserowo:estimate', last.current);
        }}
        onCompare={({ inputs, result }) => {
          handoff.current = { ...handoff.current, contract: inputs };
          if (last.current) emit(host(), 'kserowo:estimate', { ...last.current, savingsMonthly: result.monthly.net });
        }}
        after={(d, level, volume) => {
          const url = new URL(base, location.href);
          const q = url.searchParams;
          q.set('device', d.id);
          q.set('package', level);
          q.set('step', '2');
          q.set('mono', String(volume.mono));
          if (d.type === 'color') q.set('color', String(volume.color));
          const { estimate, contract } = handoff.current;
          if (estimate) q.set('estimate', JSON.stringify(estimate));
          if (contract) q.set('contract', JSON.stringify(contract));
          return (
            <a className="btn kc-cta" part="cta" href={url.href}>
              {C.toConfigurator}
            </a>
          );
        }}
      />
    </div>
  );
}
