import { Text } from '@mantine/core';

/** A SHA-256 in a monospaced font, broken anywhere so that its 64 characters fit narrow columns. */
export function HashText({ hash }: { hash: string }) {
  return (
    <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
      {hash}
    </Text>
  );
}
