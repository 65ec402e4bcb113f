import type { AuditOutcome } from '@bizdash/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { OUTCOME_LABELS, OUTCOME_TONES } from '../audit-text';

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  return (
    <StatusBadge tone={OUTCOME_TONES[outcome]} data-testid="audit-outcome">
      {OUTCOME_LABELS[outcome]}
    </StatusBadge>
  );
}
