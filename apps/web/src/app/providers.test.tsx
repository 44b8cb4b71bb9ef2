import { Alert, MultiSelect, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

describe('the theme', () => {
  it.each([
    ['de', 'Schließen'],
    ['en', 'Close'],
  ] as const)('names a notification’s close button in the user’s language (%s)', async (language, close) => {
    await renderWithProviders(<p>Liste</p>, { language });
    act(() => {
      notifications.show({ message: 'Gespeichert.' });
    });
    const notification = (await screen.findByText('Gespeichert.')).closest<HTMLElement>('[role=alert]')!;
    fireEvent.click(within(notification).getByRole('button', { name: close }));
    await waitFor(() => expect(screen.queryByText('Gespeichert.')).toBeNull());
  });

  it('names an alert’s close button in the user’s language', async () => {
    const onClose = vi.fn();
    await renderWithProviders(
      <Alert withCloseButton onClose={onClose}>
        Die Bridge antwortet.
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  // Where the options open (the page's main landmark, not the body) shows only in a browser: Mantine's test
  // environment renders them in place. The accessibility suite checks it (e2e/accessibility.e2e.ts).
  it('scrolls a select’s options in the list itself, without a scroll area no keyboard could scroll', async () => {
    await renderWithProviders(
      <>
        <Select label="Status" data={['open', 'completed']} />
        <MultiSelect label="Casinos" data={['lucky-malta', 'rheinspiel']} />
      </>,
    );
    for (const name of ['Status', 'Casinos']) {
      fireEvent.click(screen.getByRole('combobox', { name }));
      const list = await screen.findByRole('listbox', { name });
      expect(list.querySelector('[data-scrollarea-viewport]'), name).toBeNull();
      fireEvent.keyDown(screen.getByRole('combobox', { name }), { key: 'Escape' });
    }
  });
});
