import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';

interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The toast shown when the change is made (SPEC's wording), or how to read it from the answer. */
  successMessage: string | ((data: TData) => string);
  /** What the change makes stale; refetched after the toast and the caller's onSuccess. */
  invalidates?: QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Whether a failure is toasted; off when the form shows the error beside its field instead. */
  toastErrors?: boolean;
}

/** A change sent to the API that says so in a toast and refreshes what it made stale: one shape for every form. */
export function useApiMutation<TData, TVariables = void>({
  mutationFn,
  successMessage,
  invalidates = [],
  onSuccess,
  toastErrors = true,
}: ApiMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      toast.success(typeof successMessage === 'function' ? successMessage(data) : successMessage);
      onSuccess?.(data, variables);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: toastErrors ? (error) => toast.error(error.message) : undefined,
  });
}
