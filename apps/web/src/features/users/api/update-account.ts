import type { Account, AccountUpdate } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys, userKeys } from './keys';

export function updateAccount(input: AccountUpdate) {
  return apiRequest<Account>('/account', { method: 'PUT', body: input });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKeys.all, saved);
      // The own user record in the user administration changed as well.
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
