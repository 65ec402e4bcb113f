import { useQuery } from '@tanstack/react-query';
import { getUserQueryOptions } from '@/lib/api/user';

/** The API key and webhook of the merchant or one of its apps (the `apiKey` of GET /api/users/{id}). */
export function useApiDetails(userId: string) {
  return useQuery({
    ...getUserQueryOptions(userId),
    select: (user) => user.apiKey,
    meta: { errorToast: false },
  });
}
