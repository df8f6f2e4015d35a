/**
 * The shape of the catalogue (spec §3 field names) and small lookups. The data itself
 * is in catalogue.ts; widgets load it only when they cannot get the page's catalogue.
 */
export type DeviceType = 'mono' | 'color';
export type PaperFormat = 'A3' | 'A4';
export type PackageLevel = 'basic' | 'business' | 'premium';

export const PACKAGE_LEVELS: readonly PackageLevel[] = ['basic', 'business', 'premium'];
export interface Overage {
  /** PLN net per mono page above `monthlyLimit`. */
  mono: number;
  /** PLN net per colour page above `colorLimit`; colour devices only. */
  color?: number;
}

export interface Package {
  level: PackageLevel;
  /** PLN net per month. */
  monthlyPrice: number;
  /** Mono pages included per month. */
  monthlyLimit: number;
  /** Colour pages included per month; colour devices only. */
  colorLimit?: number;
  overage: Overage;
}

export interface Device {
  id: string;
  name: string;
  model: string;
  type: DeviceType;
  format: PaperFormat;
  features: string[];
  packages: Package[];
  isRefurbished: boolean;
}

export interface Catalogue {
  /** 0 for the built-in catalogue; the D1 version number once the admin publishes one. */
  version: number;
  devices: Device[];
}

export function findDevice(catalogue: Catalogue, id: string): Device | undefined {
  return catalogue.devices.find((d) => d.id === id);
}

export function findPackage(device: Device, level: string): Package | undefined {
  return device.packages.find((p) => p.level === level);
}

export function isPackageLevel(value: unknown): value is PackageLevel {
  return typeof value === 'string' && (PACKAGE_LEVELS as readonly string[]).includes(value);
}

/** Display names of the package levels. */
export const LEVEL_NAMES: Record<PackageLevel, string> = {
  basic: 'Basic',
  business: 'Business',
  premium: 'Premium',
};

/** A minimal shape check for catalogue data read from outside (D1, inline JSON, the API). */
export function isCatalogueData(value: unknown): value is { devices: Device[] } {
  const c = value as { devices?: unknown } | null;
  return (
    !!c &&
    typeof c === 'object' &&
    Array.isArray(c.devices) &&
    c.devices.length > 0 &&
    c.devices.every((d: Partial<Device> | null) => typeof d?.id === 'string' && Array.isArray(d.packages))
  );
}
