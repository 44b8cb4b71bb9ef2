/** The typed confirmation of a support action, with the reason the action is recorded with (required). */
import { closeRoundInputSchema } from '@backoffice/contracts';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/confirm-dialog';

const REASON_MAX = 500;
const reasonSchema = closeRoundInputSchema.shape.reason;

interface ReasonDialogProps extends Omit<ConfirmDialogProps, 'onConfirm' | 'children' | 'ready'> {
  onConfirm: (reason: string) => void;
}

export function ReasonDialog({ opened, onConfirm, ...dialog }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts without a reason.
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setReason('');
  }
  return (
    <ConfirmDialog
      {...dialog}
      opened={opened}
      ready={reasonSchema.safeParse(reason).success}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <Textarea
        {...{ required: true, rows: 3, maxLength: REASON_MAX }}
        label={t('support.reason.label')}
        description={t('support.reason.hint')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </ConfirmDialog>
  );
}
