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

const ACCOUNT_STATUS_STYLES: Record<AccountStatus, { label: string; tone: StatusTone }> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  INACTIVE: { label: 'Inactive', tone: 'grey' },
  SPENDLOCK: { label: 'Spendlock', tone: 'yellow' },
  DEACTIVATED: { label: 'Deactivated', tone: 'red' },
};

/** Known account statuses (any case) get their own tone and a label in sentence case, as every other badge has; anything else the default style. */
export function accountStatusStyle(status: string | null | undefined): {
  label: string;
  tone: StatusTone | 'default';
} {
  const known = ACCOUNT_STATUS_STYLES[(status ?? '').toUpperCase() as AccountStatus];
  return known ? { ...known } : { label: status || '-', tone: 'default' };
}
