import { TWO_FACTOR_REQUIRED_MESSAGE } from '@bizdash/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getTwoFactorStatusQueryOptions } from '@/features/security/api/get-two-factor-status';
import { useActingApp, useActingBusiness } from '@/lib/acting-profile';
import { useMemberships } from '@/lib/api/memberships';
import { useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';
import {
  clearTwoFactorRequired,
  TWO_FACTOR_SETUP_PATH,
  useTwoFactorRequired,
} from '@/lib/two-factor-required';

/**
 * A business that asks every member for two-factor (issue 23 §1): while the person has it off, the band says so and
 * every page but its set-up in Settings > Security sends them there (the API refuses everything else with 409
 * TWO_FACTOR_REQUIRED, which lib/api-client also sends there). Turning it on lifts both.
 */
export function TwoFactorRequiredBanner() {
  const personId = useUserId();
  const refused = useTwoFactorRequired();
  const business = useActingBusiness();
  const app = useActingApp();
  const memberships = useMemberships();
  const actingId = business && !app ? business.businessId : personId;
  const setupRequired = Boolean(
    memberships.data?.find((membership) => membership.businessId === actingId)?.twoFactorSetupRequired,
  );
  const asked = refused || setupRequired;
  const status = useQuery({
    ...getTwoFactorStatusQueryOptions(personId ?? ''),
    enabled: Boolean(personId) && asked,
  });
  const turnedOn = status.data?.enabled === true;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSetUp = location.pathname === TWO_FACTOR_SETUP_PATH;

  useEffect(() => {
    if (!turnedOn) return;
    clearTwoFactorRequired();
    if (setupRequired) void queryClient.invalidateQueries({ queryKey: queryKeys.team });
  }, [turnedOn, setupRequired, queryClient]);
  useEffect(() => {
    if (setupRequired && status.isSuccess && !turnedOn && !onSetUp) void navigate(TWO_FACTOR_SETUP_PATH);
  }, [setupRequired, status.isSuccess, turnedOn, onSetUp, navigate]);

  if (!asked || turnedOn) return null;
  return (
    <div
      role="alert"
      data-testid="two-factor-required-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
      <span>{TWO_FACTOR_REQUIRED_MESSAGE}</span>
      {onSetUp ? null : (
        <Link
          to={TWO_FACTOR_SETUP_PATH}
          className="font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-800"
        >
          Turn on two-factor
        </Link>
      )}
    </div>
  );
}
