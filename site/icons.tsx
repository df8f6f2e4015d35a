/** Light inline SVG icons of the site (no image requests): 24×24 strokes in the accent colour. */
import type { BenefitIcon, WhyUsIcon } from './content/home-types.ts';

export type IconName =
  | BenefitIcon
  | WhyUsIcon
  | 'leaf'
  | 'check'
  | 'phone'
  | 'mail'
  | 'clock'
  | 'device'
  | 'package'
  | 'quote';

const PATHS: Record<IconName, string> = {
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3',
  wrench: 'M14.5 5.5a4 4 0 0 0 4.9 4.9l-8.9 8.9a2 2 0 0 1-2.8-2.8l8.9-8.9a4 4 0 0 0-2.1-2.1z',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.7 2 2 .7-2 .7-.7 2-.7-2-2-.7 2-.7z',
  swap: 'M4 8h13l-3-3M20 16H7l3 3',
  bolt: 'M13 2L5 14h6l-1 8 8-12h-6z',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  pin: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20c.5-4 3.3-6 7-6s6.5 2 7 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2.2.6 3.6 2.6 4 6',
  badge:
    'M12 2l2.6 2 3.2-.2.9 3.1 2.7 1.8-1.2 3 1.2 3-2.7 1.8-.9 3.1-3.2-.2L12 22l-2.6-2-3.2.2-.9-3.1-2.7-1.8 1.2-3-1.2-3 2.7-1.8.9-3.1 3.2.2zM8.5 12l2.5 2.5 4.5-5',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l7-7',
  check: 'M4 12.5l5 5L20 6.5',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  device: 'M6 9V3h12v6M4 9h16v8H4zM7 14h10v7H7zM17 12h.01',
  package: 'M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10',
  quote: 'M9 7H5v6h4v-2c0 2-1 4-3 5M19 7h-4v6h4v-2c0 2-1 4-3 5',
};

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
