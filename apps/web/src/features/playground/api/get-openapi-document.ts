import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { OpenApiDocumentSchema, readDocument } from '../openapi';

const DOCUMENT_ERROR = 'Unable to load the API reference. Please try again.';

/** The document the API serves at /api/docs/json, the one the reference page draws: the playground is built from it. */
async function getOpenApiDocument(signal?: AbortSignal) {
  const document = await apiRequest('/docs/json', {
    auth: false,
    schema: OpenApiDocumentSchema,
    defaultError: DOCUMENT_ERROR,
    signal,
  });
  return readDocument(document);
}

const getOpenApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.openApiDocument,
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    // It changes only with a deploy.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOpenApiDocument() {
  return useQuery(getOpenApiDocumentQueryOptions());
}
