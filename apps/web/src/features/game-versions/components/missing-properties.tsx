import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The count of the game's required keys a version leaves unset, and which they are. */
export function MissingProperties({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('gameVersions.noneMissing')}>
        —
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={keys.length > 1 ? 'red' : 'orange'} variant="light" title={keys.join(', ')}>
        {t('gameVersions.missingCount', { count: keys.length })}
      </Badge>
      <Text size="xs" c="dimmed">
        {keys.join(', ')}
      </Text>
    </Group>
  );
}
