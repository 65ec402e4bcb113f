import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { queryKeys } from '@/lib/query-keys';

export interface ProductMutationHandlers {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/** A change to a product: says so, refreshes the list, and hands errors to the form (field messages). */
export function useProductMutation<TInput>(
  mutationFn: (input: TInput) => Promise<unknown>,
  successMessage: string,
  { onSuccess, onError }: ProductMutationHandlers,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast.success(successMessage);
      onSuccess();
      await queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
    onError: (error) => {
      toast.error(error.message);
      onError(error);
    },
  });
}
