import { type FxConversion, FxConversionSchema, formatMoney, IDEMPOTENCY_KEY_HEADER } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const CONVERT_ERROR = 'Unable to convert. Please try again.';

interface ConvertRequest {
  quoteId: string;
  /** One per confirmed attempt: a retry of the same attempt reuses it, so the money moves once. */
  idempotencyKey: string;
}

function convert({ quoteId, idempotencyKey }: ConvertRequest): Promise<FxConversion> {
  return apiRequest('/fx/conversions', {
    method: 'POST',
    body: { quoteId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: FxConversionSchema,
    defaultError: CONVERT_ERROR,
  });
}

export const conversionMessage = ({ quote }: FxConversion) =>
  `Converted ${formatMoney(quote.amountIn, quote.from)} to ${formatMoney(quote.amountOut, quote.to)}`;

/** Converts a quote; both wallets' balances and the transaction lists are refetched after, whatever happened. */
export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convert,
    onSuccess: (conversion) => {
      toast.success(conversionMessage(conversion));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
