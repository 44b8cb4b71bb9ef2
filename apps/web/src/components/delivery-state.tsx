/**
 * What the bridges hold of a configuration (issue 18): an activation change waiting for its automatic push
 * ("Pending delivery"), and whether the bridge holds the document a push would send now ("In sync" or
 * "Changes not delivered"). Integrations and casinos show them; the texts come with both areas
 * (app/routes.tsx).
 */
import type { PendingDelivery } from '@backoffice/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/**
 * An activation change the bridge has not confirmed yet: "Pending delivery", with since when, how many
 * pushes of it failed and why in its tooltip and accessible name. Nothing when none waits.
 */
export function PendingDeliveryBadge({ pending }: { pending: PendingDelivery | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!pending) return null;
  const since = t('integrations.delivery.since', { time: formatDateTime(pending.pendingSince, language) });
  const failed =
    pending.attempts > 0
      ? t('integrations.delivery.failed', {
          count: pending.attempts,
          error: pending.lastError
            ? t(`errors.${pending.lastError}`, { defaultValue: pending.lastError })
            : '',
        })
      : '';
  const details = [since, failed].filter(Boolean).join(' ');
  return (
    <Tooltip label={details} multiline w={320} withArrow>
      <Badge
        color="orange"
        variant="light"
        tabIndex={0}
        aria-label={`${t('integrations.delivery.pending')}: ${details}`}
        data-testid="pending-delivery"
      >
        {t('integrations.delivery.pending')}
      </Badge>
    </Tooltip>
  );
}

/** "In sync" when the bridge holds the document a push would send now, else "Changes not delivered". */
export function SyncBadge({ inSync }: { inSync: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={inSync ? 'green' : 'orange'}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="sync-badge"
    >
      {inSync ? t('integrations.push.sync.inSync') : t('integrations.push.sync.notDelivered')}
    </Badge>
  );
}

/** An integration's state at its bridge: its pending delivery while one waits, else whether it is in sync. */
export function DeliveryState({
  integration,
}: {
  integration: { pendingDelivery: PendingDelivery | null; inSync: boolean };
}) {
  return integration.pendingDelivery ? (
    <PendingDeliveryBadge pending={integration.pendingDelivery} />
  ) : (
    <SyncBadge inSync={integration.inSync} />
  );
}

/** How often a screen asks again while a delivery is pending. */
const DELIVERY_POLL_MS = 3_000;

/**
 * While a delivery is pending, the screen reads `polled` again every few seconds, so "Pending delivery"
 * turns into "In sync" in front of the user; once it is delivered, `afterwards` is read again too.
 */
export function useFollowPending(
  pending: boolean,
  polled: readonly QueryKey[],
  afterwards: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  const wasPending = useRef(pending);
  // The newest keys, read when the timer fires: a new array of the same keys on a render is no new timer.
  const keys = useRef({ polled, afterwards });
  useEffect(() => {
    keys.current = { polled, afterwards };
  });
  useEffect(() => {
    const invalidate = (queryKeys: readonly QueryKey[]) => {
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
    };
    if (wasPending.current && !pending) invalidate(keys.current.afterwards);
    wasPending.current = pending;
    if (!pending) return;
    const timer = setInterval(() => invalidate(keys.current.polled), DELIVERY_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, queryClient]);
}
