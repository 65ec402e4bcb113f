import { type DeleteDocumentsRequest, DocumentLinkSchema, DocumentListSchema } from '@bizdash/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, apiUpload } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';

const UPLOAD_ERROR = 'Unable to upload documents';
const DELETE_ERROR = 'Unable to delete documents';

const documentsPath = (userId: string) => `/document/${encodeURIComponent(userId)}`;

function documentsQuery(userId: string) {
  return queryOptions({
    queryKey: [...queryKeys.documents, userId] as const,
    queryFn: ({ signal }) =>
      apiRequest(documentsPath(userId), {
        schema: DocumentListSchema,
        defaultError: 'Unable to fetch documents',
        signal,
      }),
    meta: { errorToast: false },
  });
}

export function useDocuments(userId: string) {
  return useQuery(documentsQuery(userId));
}

/**
 * Uploads with progress (lib/api-client's apiUpload). The server's sentence for what the merchant can act on (a bad
 * file, storage full, uploads busy), SPEC's default for anything else.
 */
async function uploadWithProgress(userId: string, form: FormData, onProgress: (fraction: number) => void) {
  try {
    return await apiUpload(`${documentsPath(userId)}/upload`, {
      body: form,
      schema: DocumentListSchema,
      defaultError: UPLOAD_ERROR,
      onProgress,
    });
  } catch (error) {
    const actionable =
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 403].includes(error.status);
    throw actionable ? error : new Error(UPLOAD_ERROR);
  }
}

export function useUploadDocuments(userId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentName, files }: { documentName: string; files: File[] }) => {
      const form = new FormData();
      for (const file of files) {
        form.append('document_name', documentName);
        form.append('files', file, file.name);
      }
      onProgress(0);
      return uploadWithProgress(userId, form, onProgress);
    },
    onSuccess: (data) => {
      toast.success('Documents uploaded successfully');
      queryClient.setQueryData(documentsQuery(userId).queryKey, data);
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useDeleteDocuments(userId: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documents: DeleteDocumentsRequest['documents']) =>
      apiRequest('/document/delete-documents', {
        method: 'POST',
        body: { userId, documents },
        schema: DocumentListSchema,
        defaultError: DELETE_ERROR,
      }),
    onSuccess: (data) => {
      toast.success('Documents deleted successfully');
      queryClient.setQueryData(documentsQuery(userId).queryKey, data);
      onSuccess();
    },
    onError: () => toast.error(DELETE_ERROR),
  });
}

/**
 * Documents are never public: the API mints a link signed for a few minutes (for the session's owner only), and
 * the browser follows it like any link, so the download is the browser's own (no blob held in memory).
 */
export async function downloadDocument(userId: string, documentId: string) {
  let url: string;
  try {
    ({ url } = await apiRequest(`${documentsPath(userId)}/${encodeURIComponent(documentId)}/link`, {
      schema: DocumentLinkSchema,
      defaultError: 'Unable to download document',
    }));
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'Unable to download document');
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}
