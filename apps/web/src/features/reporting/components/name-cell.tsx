/** A record's name in a report row, its id under it (the id alone when the record has no name any more). */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function NameCell({ name, id }: { name: ReactNode; id: string }) {
  return (
    <Stack gap={0} miw={150}>
      {typeof name === 'string' ? <Text size="sm">{name}</Text> : name}
      <Text size="xs" c="dimmed">
        {id}
      </Text>
    </Stack>
  );
}
