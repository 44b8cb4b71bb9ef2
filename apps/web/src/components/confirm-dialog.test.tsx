import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const CONFIRM_TEXT = 'Malta (MGA)';

async function renderDialog(overrides: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const props: ConfirmDialogProps = {
    opened: true,
    title: 'Jurisdiktion löschen',
    confirmText: CONFIRM_TEXT,
    confirmLabel: 'Löschen',
    description: 'Dies kann nicht rückgängig gemacht werden.',
    danger: true,
    onConfirm,
    onClose,
    ...overrides,
  };
  const rendered = await renderWithProviders(<ConfirmDialog {...props} />);
  return { ...rendered, onConfirm, onClose, props };
}

const dialog = () => screen.getByRole('dialog', { name: 'Jurisdiktion löschen' });
const confirmInput = () => within(dialog()).getByLabelText('Bestätigungstext') as HTMLInputElement;
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Löschen' }) as HTMLButtonElement;

describe('ConfirmDialog', () => {
  it('shows the title, the description and the text to type', async () => {
    await renderDialog();
    expect(within(dialog()).getByText('Dies kann nicht rückgängig gemacht werden.')).toBeTruthy();
    const strong = within(dialog()).getByText(CONFIRM_TEXT);
    expect(strong.tagName).toBe('STRONG');
    expect(strong.parentElement!.textContent).toBe(`Geben Sie zur Bestätigung ${CONFIRM_TEXT} ein.`);
  });

  it('names its close button in the user’s language, and its header is not a second banner', async () => {
    const { onClose } = await renderDialog();
    expect(within(dialog()).queryByRole('banner')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', async () => {
    await renderDialog({ opened: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Bestätigungstext')).toBeNull();
  });

  it('keeps the confirm button disabled until the exact text is typed', async () => {
    const { user, onConfirm } = await renderDialog();
    expect(confirmButton().disabled).toBe(true);

    await user.type(confirmInput(), 'Malta (MGA');
    expect(confirmButton().disabled).toBe(true);

    await user.type(confirmInput(), ')');
    expect(confirmButton().disabled).toBe(false);

    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['different case', 'malta (mga)'],
    ['extra space', 'Malta (MGA) '],
    ['a longer text', 'Malta (MGA)x'],
  ])('stays disabled for a near miss (%s)', async (_kind, typed) => {
    const { user, onConfirm } = await renderDialog();
    await user.type(confirmInput(), typed);

    expect(confirmButton().disabled).toBe(true);
    await user.click(confirmButton());
    await user.type(confirmInput(), '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does not confirm with Enter while the text does not match', async () => {
    const { user, onConfirm } = await renderDialog();
    await user.type(confirmInput(), 'Malta{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms exactly once with Enter when the text matches', async () => {
    const { user, onConfirm } = await renderDialog();
    await user.type(confirmInput(), `${CONFIRM_TEXT}{Enter}`);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('ignores a submit of its form while the text does not match (not only a disabled button)', async () => {
    const { user, onConfirm } = await renderDialog();
    await user.type(confirmInput(), 'Malta');
    fireEvent.submit(confirmInput().closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(confirmInput(), ' (MGA)');
    fireEvent.submit(confirmInput().closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('ignores a submit of its form while busy, even with the right text', async () => {
    const { user, onConfirm } = await renderDialog({ busy: true });
    await user.type(confirmInput(), CONFIRM_TEXT);
    fireEvent.submit(confirmInput().closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does not confirm while busy', async () => {
    const { user, onConfirm } = await renderDialog({ busy: true });
    await user.type(confirmInput(), `${CONFIRM_TEXT}{Enter}`);
    expect(confirmButton().disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onClose on cancel, without confirming', async () => {
    const { user, onConfirm, onClose } = await renderDialog();
    await user.type(confirmInput(), CONFIRM_TEXT);
    await user.click(within(dialog()).getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts with an empty input every time it is opened again', async () => {
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button onClick={() => setOpened(true)}>open</button>
          <ConfirmDialog
            opened={opened}
            title="Jurisdiktion löschen"
            confirmText={CONFIRM_TEXT}
            confirmLabel="Löschen"
            onConfirm={() => {}}
            onClose={() => setOpened(false)}
          />
        </>
      );
    }
    const { user } = await renderWithProviders(<Harness />);
    await user.type(confirmInput(), CONFIRM_TEXT);
    expect(confirmButton().disabled).toBe(false);

    await user.click(within(dialog()).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(confirmInput().value).toBe('');
    expect(confirmButton().disabled).toBe(true);
  });

  it('speaks English when the language is English', async () => {
    await renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete jurisdiction"
        confirmText="Malta"
        confirmLabel="Delete"
        onConfirm={() => {}}
        onClose={() => {}}
      />,
      { language: 'en' },
    );
    const englishDialog = screen.getByRole('dialog', { name: 'Delete jurisdiction' });
    expect(within(englishDialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(englishDialog).getByLabelText('Confirmation text')).toBeTruthy();
    expect(within(englishDialog).getByText('Malta').parentElement!.textContent).toBe(
      'To confirm, type Malta below.',
    );
  });
});
