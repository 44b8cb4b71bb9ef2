import type { PasswordReset } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export function resetUserPassword({ id, ...input }: PasswordReset & { id: string }) {
  return apiRequest<void>(`/users/${encodeURIComponent(id)}/password`, { method: 'PUT', body: input });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    // The server touches the record (new updatedAt and version).
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
