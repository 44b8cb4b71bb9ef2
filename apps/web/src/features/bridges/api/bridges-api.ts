import type {
  Bridge,
  BridgeCreate,
  BridgeHealth,
  BridgeListQuery,
  BridgeUpdate,
} from '@backoffice/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createCrudApi } from '../../../lib/crud-api';

export const bridgesApi = createCrudApi<Bridge, BridgeListQuery, BridgeCreate, BridgeUpdate>('/bridges');

/** One signed health call to the bridge, made by the server. */
export function checkBridge(id: string) {
  return apiRequest<BridgeHealth>(`/bridges/${encodeURIComponent(id)}/health-check`, { method: 'POST' });
}

export function useBridgeCheck() {
  return useMutation({ mutationFn: checkBridge });
}
