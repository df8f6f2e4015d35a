/** Step 1: the device, with type and format filters. */
import type { Catalogue, Device } from '../core/model.ts';
import { lowestPrice } from '../core/pricing.ts';
import { formatPln } from '../core/format.ts';
import { PRICING } from '../core/price-labels.ts';
import { T } from './copy.ts';
import { Radios } from './fields.tsx';

export interface DeviceStepProps {
  catalogue: Catalogue;
  chosen?: Device;
  /** The id asked for (attribute or URL) when the catalogue has no such device. */
  unknownId?: string;
  error: string;
  onChoose: (id: string) => void;
  /** Kept by the configurator, so going back to this step finds them as they were. */
  filters: Filters;
  setFilters: (change: (f: Filters) => Filters) => void;
  /** 'Nie wiem, który model i ile drukuję': the advisor across the catalogue. */
  estimator?: unknown;
}

export interface Filters {
  type: string;
  format: string;
}

export function DeviceStep(props: DeviceStepProps) {
  const { catalogue, chosen, unknownId, error, onChoose, filters, setFilters } = props;
  return (
    <>
      {props.estimator}
      {unknownId && (
        <p className="note" role="status">
          {T.unknownDevice(unknownId)}
        </p>
      )}
      <div className="filters">
        <Radios
          legend={T.type}
          name="type"
          value={filters.type}
          onChange={(type) => setFilters((f) => ({ ...f, type }))}
          options={[
            ['', T.all],
            ['mono', PRICING.mono],
            ['color', PRICING.color],
          ]}
        />
        <Radios
          legend={T.format}
          name="format"
          value={filters.format}
          onChange={(format) => setFilters((f) => ({ ...f, format }))}
          options={[
            ['', T.all],
            ['A4', 'A4'],
            ['A3', 'A3'],
          ]}
        />
      </div>
      <DeviceList
        devices={catalogue.devices.filter(
          (d) => (!filters.type || d.type === filters.type) && (!filters.format || d.format === filters.format),
        )}
        chosen={chosen?.id}
        onChoose={onChoose}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function DeviceList({
  devices,
  chosen,
  onChoose,
}: {
  devices: Device[];
  chosen?: string;
  onChoose: (id: string) => void;
}) {
  if (devices.length === 0) return <p className="note">{T.none}</p>;
  return (
    <fieldset className="devices" part="device">
      <legend className="sr-only">{T.device}</legend>
      {devices.map((d) => (
        <label key={d.id} className={d.id === chosen ? 'dev on' : 'dev'}>
          <input type="radio" name="device" value={d.id} checked={d.id === chosen} onChange={() => onChoose(d.id)} />
          <strong>{d.name}</strong>
          <span className="muted">
            {d.type === 'color' ? PRICING.color : PRICING.mono} · {d.format}
          </span>
          <span>
            {PRICING.from} <strong>{formatPln(lowestPrice(d))}</strong> {PRICING.perMonth}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
