import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-client';

interface ErrorAlertProps {
  error: unknown;
  onRetry?: (() => void) | undefined;
  retryLabel?: string;
  /** More about the error after its message (what uses a record that cannot be deleted). */
  children?: ReactNode;
}

/** An error of the server or the connection, in the user's language, with an optional way out. */
export function ErrorAlert({ error, onRetry, retryLabel, children }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" mb="md">
      {errorText(error, t)}
      {onRetry && (
        <Button size="compact-sm" variant="subtle" color="red" ml="sm" onClick={onRetry}>
          {retryLabel ?? t('common.reload')}
        </Button>
      )}
      {children}
    </Alert>
  );
}
