import {
  type AppInput,
  type DeleteAppResponse,
  DeleteAppResponseSchema,
  type User,
  UserSchema,
} from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { actFor, getActingApp } from '@/lib/acting-profile';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

const APP_CREATE_ERROR = 'Unable to create app';
const APP_UPDATE_ERROR = 'Unable to update app';
const APP_DELETE_ERROR = 'Unable to delete app';
const APP_CREATED = 'App created successfully';
const APP_UPDATED = 'App updated successfully';

const appPath = (appId: string) => `/users/${encodeURIComponent(appId)}`;

/** A change to the apps: every apps query is stale after it; a failure is an error toast (SPEC section 8). */
function useAppMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  onSuccess: (result: TResult) => void,
  onError?: (error: Error) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      onSuccess(result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.apps });
    },
    onError: (error) => {
      toast.error(error.message);
      onError?.(error);
    },
  });
}

/** Apps are registered by the merchant itself, even while the dashboard acts for one of them. */
export function useCreateApp(onCreated: (app: User) => void, onError?: (error: Error) => void) {
  const merchantId = useUserId();
  return useAppMutation(
    (input: AppInput) => {
      if (!merchantId) throw new Error(MISSING_USER_ID_MESSAGE);
      return apiRequest('/users/register', {
        method: 'POST',
        query: { isApp: true },
        body: input,
        actFor: merchantId,
        schema: UserSchema,
        defaultError: APP_CREATE_ERROR,
      });
    },
    (app) => {
      toast.success(APP_CREATED);
      onCreated(app);
    },
    onError,
  );
}

export function useUpdateApp(appId: string, onError?: (error: Error) => void) {
  return useAppMutation(
    (input: AppInput) =>
      apiRequest(appPath(appId), {
        method: 'PUT',
        body: input,
        schema: UserSchema,
        defaultError: APP_UPDATE_ERROR,
      }),
    (app) => {
      toast.success(APP_UPDATED);
      // The switcher and banner show the app's name.
      const acting = getActingApp();
      if (acting?.appId === appId && acting.name !== app.businessName) {
        actFor({ appId, name: app.businessName });
      }
    },
    onError,
  );
}

/** Erased or archived, as the API decides; the dashboard stops acting for it either way. */
export function useDeleteApp(appId: string, onDeleted: (result: DeleteAppResponse) => void) {
  return useAppMutation(
    () =>
      apiRequest(appPath(appId), {
        method: 'DELETE',
        schema: DeleteAppResponseSchema,
        defaultError: APP_DELETE_ERROR,
      }),
    (result) => {
      toast.success(result.message);
      if (getActingApp()?.appId === appId) actFor(null);
      onDeleted(result);
    },
  );
}
