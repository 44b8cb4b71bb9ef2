/** Breadcrumbs and title of the current screen, derived from the matched routes' handles. The title is the
 * page's one h1 (screen readers jump to it), at the size of an h2.
 */
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isRouteHandle } from '../lib/route-handle';

interface PageHeaderProps {
  /** Overrides the title taken from the route (e.g. the record's name). */
  title?: string | undefined;
  actions?: ReactNode;
}

export function useCrumbs() {
  const { t } = useTranslation();
  return useMatches()
    .filter((match) => isRouteHandle(match.handle))
    .map((match) => {
      const handle = match.handle as { crumb: string; linkable?: boolean };
      return { label: t(handle.crumb), to: handle.linkable === false ? undefined : match.pathname };
    });
}

export function PageHeader({ title, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const heading = title ?? crumbs.at(-1)?.label ?? t('app.title');

  // Screens outside the route table's areas (the home page) keep the default title "Back Office".
  const documentTitle = crumbs.length > 0 ? `${heading} · ${t('app.title')}` : t('app.title');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <Stack gap={4} mb="lg">
      {crumbs.length > 1 && (
        <Breadcrumbs aria-label={t('app.breadcrumbs')} separatorMargin={6}>
          {crumbs.map((crumb, index) =>
            crumb.to && index < crumbs.length - 1 ? (
              <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={`${crumb.label}-${index}`} size="sm" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} size="h2">
          {heading}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
