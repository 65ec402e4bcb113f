import {
  type DisputeDetail,
  DisputeDetailSchema,
  type DisputeEvidenceRequest,
  DisputeFileSchema,
} from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, apiUpload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { disputeQueryKey } from './get-disputes';

const disputePath = (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}`;

/**
 * Saves the evidence as a draft (submit false) or sends it to the card network (submit true: UNDER_REVIEW, no
 * changes after). Errors are the form's to show, beside their fields or as a sentence.
 */
export function useSaveEvidence(disputeId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (evidence: DisputeEvidenceRequest): Promise<DisputeDetail> =>
      apiRequest(`${disputePath(disputeId)}/evidence`, {
        method: 'POST',
        body: evidence,
        schema: DisputeDetailSchema,
        defaultError: 'Unable to save the evidence. Please try again.',
      }),
    successMessage: (dispute) =>
      dispute.evidence?.submittedAt ? 'Evidence submitted to the card network' : 'Draft saved',
    // The page shows the answer at once (read-only evidence once submitted); the list and badge refetch.
    onSuccess: (dispute) => queryClient.setQueryData(disputeQueryKey(disputeId), dispute),
    invalidates: [queryKeys.disputes],
    toastErrors: false,
  });
}

/** Accepts the dispute: the held amount goes to the customer's bank. */
export function useAcceptDispute(disputeId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (): Promise<DisputeDetail> =>
      apiRequest(`${disputePath(disputeId)}/accept`, {
        method: 'POST',
        schema: DisputeDetailSchema,
        defaultError: 'Unable to accept the dispute. Please try again.',
      }),
    successMessage: 'Dispute accepted',
    invalidates: [queryKeys.disputes, queryKeys.transactions, queryKeys.wallets],
    onSuccess: (dispute) => {
      queryClient.setQueryData(disputeQueryKey(disputeId), dispute);
      onSuccess?.();
    },
    toastErrors: false,
  });
}

/** One evidence file (png, jpeg or pdf, 10 MB), uploaded with its progress; the evidence names it by id after. */
export function useUploadEvidenceFile(disputeId: string) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload(`${disputePath(disputeId)}/files`, {
        body: form,
        schema: DisputeFileSchema,
        defaultError: `Unable to upload ${file.name}`,
        onProgress,
      });
    },
  });
}

/** Saves an evidence file the merchant uploaded, as the browser's own download. */
export async function downloadEvidenceFile(disputeId: string, file: { id: string; name: string }) {
  const { blob, filename } = await apiDownload(
    `${disputePath(disputeId)}/files/${encodeURIComponent(file.id)}`,
    { accept: '*/*', defaultError: `Unable to download ${file.name}` },
  );
  saveBlob(blob, filename ?? file.name);
}
