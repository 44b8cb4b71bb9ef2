import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@backoffice/contracts';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps extends PasswordInputProps {
  /** A new password (hinted with its minimum length), or one the user already has. */
  kind: 'new' | 'repeat' | 'current';
}

/**
 * A required password input. Unlike Mantine's other inputs, PasswordInput does not set `aria-invalid` on
 * an error, so this one does: screen readers (and tests) learn that the field is invalid.
 */
export function PasswordField({ kind, error, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      withAsterisk
      maxLength={PASSWORD_MAX_LENGTH}
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      description={kind === 'new' ? t('users.form.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
      error={error}
      aria-invalid={error ? true : undefined}
      {...props}
    />
  );
}
