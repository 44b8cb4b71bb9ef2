/** A record's name in a list row, linking to its screen (the row itself is clickable too). */
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} onClick={(event) => event.stopPropagation()}>
      {children}
    </Anchor>
  );
}
