/** A record's name in a list row, linking to its screen (the row itself is clickable too). */
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function RecordLink({
  to,
  children,
  inherit = false,
}: {
  to: string;
  children: ReactNode;
  /** Takes the surrounding text's color (inside a badge), underlined so it still reads as a link. */
  inherit?: boolean;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      onClick={(event) => event.stopPropagation()}
      {...(inherit ? { c: 'inherit', underline: 'always' as const } : {})}
    >
      {children}
    </Anchor>
  );
}
