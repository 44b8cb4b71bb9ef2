/**
 * The typed confirmation every destructive or state-changing action asks for (spec §5): the action runs
 * only after the user typed the shown text exactly — and, where the action needs more (e.g. a reason),
 * once the caller's own fields are filled in.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The text the user must type. */
  confirmText: string;
  confirmLabel: string;
  description?: string | undefined;
  danger?: boolean;
  busy?: boolean;
  /** Further fields the action needs, above the confirmation (their state is the caller's). */
  children?: ReactNode;
  /** Whether those fields allow confirming (default: yes). */
  ready?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      {/* Mounted afresh each time it opens, so the typed text starts empty. */}
      {props.opened && <ConfirmForm {...props} />}
    </Modal>
  );
}

function ConfirmForm({
  confirmText,
  confirmLabel,
  description,
  danger,
  busy,
  children,
  ready = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const canConfirm = typed === confirmText && ready;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog renders in a portal, but React events still bubble to an enclosing form.
        event.stopPropagation();
        if (canConfirm && !busy) onConfirm();
      }}
    >
      <Stack>
        {description && <Text size="sm">{description}</Text>}
        {children}
        <Text size="sm">
          <Trans
            i18nKey="confirm.typeToConfirm"
            values={{ text: confirmText }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <TextInput
          id={inputId}
          label={t('confirm.inputLabel')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
          data-testid="confirm-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} disabled={!canConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
