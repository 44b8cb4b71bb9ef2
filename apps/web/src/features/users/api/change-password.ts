import type { PasswordChange } from '@backoffice/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: PasswordChange) {
  return apiRequest<void>('/account/password', { method: 'PUT', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
