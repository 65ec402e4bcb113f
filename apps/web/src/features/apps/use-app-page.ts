import type { App, AppInput, DeleteAppResponse } from '@bizdash/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { actFor, useActingApp } from '@/lib/acting-profile';
import { useAppHasTransactions, useAppWallets } from './api/get-app';
import { useApps } from './api/get-apps';
import { useDeleteApp, useUpdateApp } from './api/mutate-app';

export const APPS_PATH = '/settings/apps';

/** The page's app (from the apps list), whether the dashboard acts for it now, and the way back once it is gone. */
export function useAppPage(appId: string) {
  const apps = useApps({ errorToast: false });
  const acting = useActingApp();
  const navigate = useNavigate();
  return {
    apps,
    app: apps.data?.find((candidate) => candidate.recordId === appId),
    actingNow: acting?.appId === appId,
    backToApps: () => void navigate(APPS_PATH),
  };
}

/** The details form's values and their saving; a failure's field errors go back to the form. */
export function useAppDetails(app: App) {
  const update = useUpdateApp(app.recordId);
  return {
    values: { name: app.businessName, description: app.businessDescription ?? '' },
    save: (input: AppInput, onError: (error: Error) => void) => update.mutate(input, { onError }),
    saving: update.isPending,
  };
}

/** What the API will do, foretold from what the page can see: money or any transaction means archived. */
function useDeletionOutcome(appId: string): 'ARCHIVED' | 'ERASED' | null {
  const wallets = useAppWallets(appId);
  const history = useAppHasTransactions(appId);
  const hasMoney = wallets.data?.some(
    (wallet) => wallet.availableBalance !== 0 || wallet.pendingAmount !== 0,
  );
  if (hasMoney || history.data) return 'ARCHIVED';
  if (wallets.isSuccess && history.isSuccess) return 'ERASED';
  return null;
}

/** The deletion's dialog, what it will do to the app, and the deletion itself. */
export function useAppDeletion(app: App, onDeleted: (result: DeleteAppResponse) => void) {
  const [open, setOpen] = useState(false);
  const outcome = useDeletionOutcome(app.recordId);
  const remove = useDeleteApp(app.recordId, (result) => {
    setOpen(false);
    onDeleted(result);
  });
  return {
    open,
    setOpen,
    outcome,
    deleting: remove.isPending,
    confirm: () => remove.mutate(undefined),
  };
}

/** Acting for the app, or back to the business when the dashboard already does. */
export function useSwitchAction(app: App) {
  const acting = useActingApp();
  return {
    actingNow: acting?.appId === app.recordId,
    backToBusiness: () => actFor(null),
    switchToApp: () => actFor({ appId: app.recordId, name: app.businessName }),
  };
}
