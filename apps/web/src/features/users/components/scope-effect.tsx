/**
 * What a user's scope opens beyond the casinos chosen for it: platform data (rounds, players, figures) is
 * visible when its casino OR its integration is in the scope (decision 017, lib/scope.ts on the server),
 * so each chosen integration also opens its traffic in every casino it serves. Said under the selects, with
 * the casinos named, so that whoever chooses the scope sees what it gives.
 */
import type { Role } from '@backoffice/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCasinoSearch, useChosenIntegrations } from '../api/scope-lookups';

interface ScopeEffectProps {
  role: Role;
  casinoIds: readonly string[];
  integrationIds: readonly string[];
}

export function ScopeEffect({ role, casinoIds, integrationIds }: ScopeEffectProps) {
  const { t } = useTranslation();
  const integrations = useChosenIntegrations(integrationIds);
  // The first page of casinos the casino select loads anyway: names where it has them, ids otherwise.
  const { data: casinos } = useCasinoSearch(undefined);
  // Admins are never limited; the hint above the selects says so.
  if (role === 'admin') return null;
  const chosen = new Set(casinoIds);
  const opened = [...new Set(integrations.flatMap((integration) => integration.casinoIds))]
    .filter((id) => !chosen.has(id))
    .sort();
  if (opened.length === 0) return null;
  const names = new Map(casinos?.items.map((casino) => [casino.id, casino.name]));
  const listed = opened.map((id) => (names.has(id) ? `${names.get(id)} (${id})` : id)).join(', ');
  return (
    <Text size="sm" c="dimmed" data-testid="scope-effect">
      {t('users.form.scopeOpens', { casinos: listed })}
    </Text>
  );
}
