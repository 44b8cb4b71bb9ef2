import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@backoffice/contracts';
import type { PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField as SecretField } from '../../../components/inputs';

interface PasswordFieldProps extends PasswordInputProps {
  /** A new password (hinted with its minimum length), or one the user already has. */
  kind: 'new' | 'repeat' | 'current';
}

/** A user's required password: new (hinted with its minimum length), repeated, or their current one. */
export function PasswordField({ kind, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <SecretField
      withAsterisk
      maxLength={PASSWORD_MAX_LENGTH}
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      description={kind === 'new' ? t('users.form.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
      {...props}
    />
  );
}
