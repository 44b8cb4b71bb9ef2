/**
 * `/cpv/checks/trigger`: choose all components or some, start a check (after the typed confirmation, as a
 * check can deactivate game versions), and watch its progress until it ends; then its results. The
 * started check is kept in the URL (`?check=<id>`), so a reload keeps watching it.
 */
import type { CpvCheck, CpvComponent } from '@backoffice/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Loading } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import {
  isRunning,
  useCpvCheck,
  useCpvComponents,
  useCpvResults,
  useStartCpvCheck,
} from '../api/cpv-checks-api';
import { CheckProgress } from '../components/check-progress';
import { CpvCounts } from '../components/cpv-checks-table';
import { CpvCheckStateBadge } from '../components/cpv-result-badge';
import { CpvResultsTable } from '../components/cpv-results-table';

/** What the user types to start a check: a check has no name of its own (decision 006). */
export const START_CHECK_CONFIRM_TEXT = 'CPV';
const CHECK_PARAM = 'check';

function ComponentChoice({
  components,
  chosen,
  onChange,
}: {
  components: CpvComponent[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const groups = (['game-version', 'bridge'] as const)
    .map((source) => ({ source, items: components.filter((component) => component.source === source) }))
    .filter((group) => group.items.length > 0);
  return (
    <Checkbox.Group value={chosen} onChange={onChange} label={t('cpvTrigger.chooseLabel')}>
      <Group gap="xs" my="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onChange(components.map((c) => c.component))}
        >
          {t('cpvTrigger.chooseAll')}
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onChange([])}>
          {t('cpvTrigger.chooseNone')}
        </Button>
      </Group>
      <Stack gap="md">
        {groups.map((group) => (
          <Stack key={group.source} gap={6}>
            <Text fw={600} size="sm">
              {t(`cpvTrigger.groups.${group.source}`)}
            </Text>
            {group.items.map((component) => (
              <Checkbox
                key={component.component}
                value={component.component}
                label={
                  <Group gap={6} wrap="nowrap">
                    <span>{component.component}</span>
                    <Text span size="xs" c="dimmed">
                      {component.name}
                    </Text>
                    {component.active === false && (
                      <Badge size="xs" color="red" variant="light">
                        {t('cpvTrigger.inactive')}
                      </Badge>
                    )}
                  </Group>
                }
                description={component.url}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function CheckWatch({ id, onAnother }: { id: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const check = useCpvCheck(id);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const data: CpvCheck | undefined = check.data;
  const ended = data !== undefined && !isRunning(data);
  const results = useCpvResults({ checkId: id, ...page }, { enabled: ended });

  if (check.error) return <ErrorAlert error={check.error} onRetry={() => void check.refetch()} />;
  if (!data) return <Loading />;
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{t('cpvTrigger.started')}</Text>
              <CpvCheckStateBadge state={data.state} />
            </Group>
            <CpvCounts check={data} />
          </Group>
          <CheckProgress check={data} />
          {data.state === 'failed' && (
            <Alert color="red" variant="light" role="alert">
              {t('cpvTrigger.failed', { error: data.error ?? '' })}
            </Alert>
          )}
          {data.state === 'queued' && (
            <Text size="sm" c="dimmed">
              {t('cpvTrigger.queuedHint')}
            </Text>
          )}
          <Group gap="md">
            <Anchor component={Link} to={`${paths.cpv.checks}?checkId=${encodeURIComponent(id)}`} size="sm">
              {t('cpvTrigger.allResults')}
            </Anchor>
            {ended && (
              <Button size="compact-sm" variant="light" onClick={onAnother}>
                {t('cpvTrigger.another')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {ended && (
        <>
          <Title order={2} size="h4">
            {t('cpvChecks.resultsTitle')}
          </Title>
          {results.error && <ErrorAlert error={results.error} onRetry={() => void results.refetch()} />}
          <CpvResultsTable
            results={results.data?.items}
            total={results.data?.total ?? 0}
            query={page}
            onQueryChange={(patch) =>
              setPage((current) => ({
                page: patch.page ?? (patch.pageSize !== undefined ? 1 : current.page),
                pageSize: patch.pageSize ?? current.pageSize,
              }))
            }
            loading={results.isPending}
          />
        </>
      )}
    </Stack>
  );
}

export function CpvCheckTriggerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const watched = params.get(CHECK_PARAM);
  const components = useCpvComponents();
  const start = useStartCpvCheck();
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const canStart = scope === 'all' || chosen.length > 0;

  const watch = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(CHECK_PARAM);
      else next.set(CHECK_PARAM, id);
      return next;
    });

  const submit = () =>
    start.mutate(scope === 'all' ? {} : { components: chosen }, {
      onSuccess: (check) => {
        setConfirming(false);
        watch(check.id);
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: 'red', message: errorText(error, t) });
      },
    });

  return (
    <>
      <PageHeader />
      {watched ? (
        <CheckWatch key={watched} id={watched} onAnother={() => watch(null)} />
      ) : (
        <Stack maw={900}>
          <Text size="sm" c="dimmed">
            {t('cpvTrigger.intro')}
          </Text>
          <Radio.Group
            value={scope}
            onChange={(value) => setScope(value as 'all' | 'chosen')}
            label={t('cpvTrigger.scopeLabel')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="all" label={t('cpvTrigger.all')} />
              <Radio value="chosen" label={t('cpvTrigger.chosen')} />
            </Stack>
          </Radio.Group>
          {scope === 'chosen' && (
            <>
              {components.error && (
                <ErrorAlert error={components.error} onRetry={() => void components.refetch()} />
              )}
              {components.isPending && <Loading />}
              {components.data && components.data.items.length === 0 && (
                <Text c="dimmed">{t('cpvTrigger.noComponents')}</Text>
              )}
              {components.data && components.data.items.length > 0 && (
                <ComponentChoice components={components.data.items} chosen={chosen} onChange={setChosen} />
              )}
            </>
          )}
          <Group>
            <Button disabled={!canStart} onClick={() => setConfirming(true)}>
              {t('cpvTrigger.start')}
            </Button>
            {scope === 'chosen' && (
              <Text size="sm" c="dimmed">
                {t('cpvChecks.chosenComponents', { count: chosen.length })}
              </Text>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('cpvTrigger.confirmTitle')}
        description={
          scope === 'all'
            ? t('cpvTrigger.confirmAll')
            : t('cpvTrigger.confirmChosen', { count: chosen.length })
        }
        confirmText={START_CHECK_CONFIRM_TEXT}
        confirmLabel={t('cpvTrigger.start')}
        busy={start.isPending}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
