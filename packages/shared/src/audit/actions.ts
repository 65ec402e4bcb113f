/**
 * What the audit trail records (issue 23 §3, ADR 054): every security- or money-relevant action, named
 * `<area>.<verb>`. The whole issue's list is here; the entries written so far are the ones the API records (README,
 * "Audit trail"). A new action is added here, never spelled by hand at its call.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.signed_out_everywhere',
  'auth.password_changed',
  'auth.password_reset',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_regenerated',
  'team.invitation_sent',
  'team.invitation_resent',
  'team.invitation_revoked',
  'team.invitation_accepted',
  'team.member_role_changed',
  'team.member_removed',
  'team.ownership_transferred',
  'team.two_factor_required_changed',
  'api_key.generated',
  'api_key.rolled',
  'api_key.deleted',
  'webhook.url_changed',
  'webhook.secret_rolled',
  'settlement_account.added',
  'settlement_account.removed',
  'payout.created',
  'payout.confirmed',
  'conversion.made',
  'refund.created',
  'dispute.answered',
  'settings.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
