export type StatusTone = 'green' | 'yellow' | 'red' | 'grey';

export interface StatusDisplay {
  label: string;
  tone: StatusTone | null;
}

/** SPEC section 4: SUCCESSFUL -> success, CREATED/OTP_VERIFIED -> pending, FAILED -> failed, else unknown. */
export function transactionStatusDisplay(status: string | null | undefined): StatusDisplay {
  if (!status) return { label: '-', tone: null };
  switch (status.toUpperCase()) {
    case 'SUCCESSFUL':
      return { label: 'success', tone: 'green' };
    case 'CREATED':
    case 'OTP_VERIFIED':
      return { label: 'pending', tone: 'yellow' };
    case 'FAILED':
      return { label: 'failed', tone: 'red' };
    default:
      return { label: 'unknown', tone: 'grey' };
  }
}

export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE', 'SPENDLOCK', 'DEACTIVATED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const ACCOUNT_STATUS_TONES: Record<AccountStatus, StatusTone> = {
  ACTIVE: 'green',
  INACTIVE: 'grey',
  SPENDLOCK: 'yellow',
  DEACTIVATED: 'red',
};

/** Known account statuses (any case) get their own tone; anything else the default style. */
export function accountStatusStyle(status: string | null | undefined): {
  label: string;
  tone: StatusTone | 'default';
} {
  const upper = (status ?? '').toUpperCase();
  const tone = ACCOUNT_STATUS_TONES[upper as AccountStatus];
  return tone ? { label: upper, tone } : { label: status || '-', tone: 'default' };
}
