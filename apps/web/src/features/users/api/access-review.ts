import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ACCESS_REVIEW_URL = '/users/access-review.csv';

/** The access review (GLI-19 §B.2.3) as the server's CSV text: every user with role, status, scope and dates. */
export function useAccessReviewCsv() {
  return useMutation({ mutationFn: () => apiRequest<string>(ACCESS_REVIEW_URL) });
}
