import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListSkeleton, Loading, Spinner } from './list-state';

describe('what shows while data loads', () => {
  it('is a status named in the user’s language (a name needs a role: axe aria-prohibited-attr)', async () => {
    await renderWithProviders(
      <>
        <Loading />
        <ListSkeleton />
        <Spinner size="xs" />
      </>,
    );
    expect(screen.getAllByRole('status', { name: 'Wird geladen…' })).toHaveLength(3);
  });
});
