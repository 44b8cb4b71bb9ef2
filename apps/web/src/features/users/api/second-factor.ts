import type {
  RecoveryCodes,
  SecondFactorConfirm,
  SecondFactorCodeInput,
  SecondFactorEnrolment,
  SecondFactorStatus,
  StepUp,
} from '@backoffice/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

const OWN = '/account/second-factor';
const ofUser = (id: string) => `/users/${encodeURIComponent(id)}/second-factor`;

/** Query keys of second factors: the own one, and another user's (an admin's look). */
export const secondFactorKeys = {
  own: ['account', 'second-factor'] as const,
  user: (id: string) => [...userKeys.detail(id), 'second-factor'] as const,
};

export function ownSecondFactorQueryOptions() {
  return queryOptions({
    queryKey: secondFactorKeys.own,
    queryFn: ({ signal }) => apiRequest<SecondFactorStatus>(OWN, { signal }),
  });
}

export function useOwnSecondFactor() {
  return useQuery(ownSecondFactorQueryOptions());
}

/** A new secret for the authenticator app (replaces an unconfirmed one). */
export function useStartSecondFactorEnrolment() {
  return useMutation({
    mutationFn: () => apiRequest<SecondFactorEnrolment>(`${OWN}/enrolment`, { method: 'POST' }),
  });
}

/** The first code of the app confirms it; the answer holds the recovery codes, shown once. */
export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorConfirm) =>
      apiRequest<RecoveryCodes>(`${OWN}/enrolment/confirm`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.own }),
  });
}

export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) =>
      apiRequest<void>(`${OWN}/disable`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.own }),
  });
}

/** Ten new recovery codes for a current code; the answer holds them, shown once. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorCodeInput) =>
      apiRequest<RecoveryCodes>(`${OWN}/recovery-codes`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.own }),
  });
}

/** Confirms it is the user (a code, or the password without a second factor) for the next minutes. */
export function useStepUp() {
  return useMutation({
    mutationFn: (input: StepUp) => apiRequest<void>(`${OWN}/step-up`, { method: 'POST', body: input }),
  });
}

export function useUserSecondFactor(id: string) {
  return useQuery({
    queryKey: secondFactorKeys.user(id),
    queryFn: ({ signal }) => apiRequest<SecondFactorStatus>(ofUser(id), { signal }),
  });
}

/** An admin's reset of another user's second factor (ends that user's sessions). */
export function useResetUserSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(ofUser(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
