/** Attributes every widget takes (DESIGN §2): `api-base`, `partner` and the UTM values. */
import type { PropKind } from './define.ts';

export interface CommonProps {
  apiBase?: string;
  partner?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const commonProps = {
  apiBase: 'string',
  partner: 'string',
  utmSource: 'string',
  utmMedium: 'string',
  utmCampaign: 'string',
} as const satisfies Record<keyof CommonProps, PropKind>;
