import { allowedHashConfirmText, type AllowedHash } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { allowedHashesApi } from '../api/allowed-hashes-api';
import { HashText } from './hash-text';

/** Retiring an allowed hash, behind the typed confirmation of its first characters. */
export function RetireHashDialog({ hash, onClose }: { hash: AllowedHash | null; onClose: () => void }) {
  const { t } = useTranslation();
  const retire = allowedHashesApi.useRetire();
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <ConfirmDialog
      opened={hash !== null}
      title={t('allowedHashes.retireTitle')}
      description={hash ? t('allowedHashes.retireWarning', { component: hash.component }) : undefined}
      confirmText={hash ? allowedHashConfirmText(hash.hash) : ''}
      confirmLabel={t('allowedHashes.retire')}
      danger
      busy={retire.isPending}
      onClose={close}
      onConfirm={() => {
        if (!hash) return;
        setError(null);
        retire.mutate(
          { id: hash.id, version: hash.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('allowedHashes.retiredNotice') });
              close();
            },
            onError: setError,
          },
        );
      }}
    >
      {hash && <HashText hash={hash.hash} />}
      {error !== null && <ErrorAlert error={error} />}
    </ConfirmDialog>
  );
}
