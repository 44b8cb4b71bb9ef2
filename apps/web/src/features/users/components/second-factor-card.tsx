/**
 * The own second factor (issue 15): whether it is on; setting it up (QR code and manual key for the
 * authenticator app, confirmed by a first code); the ten recovery codes, shown once; switching it off with
 * a current code. Loaded lazily: the account page and the forced enrolment use it.
 */
import { totpCodeSchema, type SecondFactorEnrolment } from '@backoffice/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useSessionRefresh } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import {
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useOwnSecondFactor,
  useRenewRecoveryCodes,
  useStartSecondFactorEnrolment,
} from '../api/second-factor';
import { Spinner } from '../../../components/list-state';

interface SecondFactorCardProps {
  /** The recovery codes are on screen: the caller keeps the card there until `onFinished`. */
  onConfirmed?: () => void;
  /** The user is done with the recovery codes. */
  onFinished?: () => void;
}

export function SecondFactorCard({ onConfirmed, onFinished }: SecondFactorCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const refreshSession = useSessionRefresh();
  const { data: status, error, isPending, refetch } = useOwnSecondFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <RecoveryCodesView
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          onFinished?.();
        }}
      />
    );
  }
  if (isPending) return <Spinner />;
  if (!status) return <ErrorAlert error={error} onRetry={() => void refetch()} />;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text size="sm">{t('account.secondFactor.state')}</Text>
        <Badge color={status.enrolled ? 'green' : 'gray'} variant="light">
          {status.enrolled ? t('account.secondFactor.on') : t('account.secondFactor.off')}
        </Badge>
        {status.required && (
          <Text size="sm" c="dimmed">
            {t('account.secondFactor.requiredForRole')}
          </Text>
        )}
      </Group>
      {status.enrolled ? (
        <>
          <Text size="sm" c="dimmed">
            {status.confirmedAt &&
              t('account.secondFactor.since', { at: formatDateTime(status.confirmedAt, language) })}{' '}
            {t('account.secondFactor.recoveryCodesLeft', { count: status.recoveryCodesLeft })}
          </Text>
          <RenewRecoveryCodesForm onRenewed={setRecoveryCodes} />
          <DisableForm onDisabled={() => void refreshSession().catch(() => {})} />
        </>
      ) : (
        <Enrolment
          onConfirmed={(codes) => {
            setRecoveryCodes(codes);
            onConfirmed?.();
            // The session learns that the second factor is set up (a forced enrolment unlocks the app).
            void refreshSession().catch(() => {});
          }}
        />
      )}
    </Stack>
  );
}

function Enrolment({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartSecondFactorEnrolment();
  const confirm = useConfirmSecondFactor();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);

  if (!enrolment) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('account.secondFactor.intro')}</Text>
        {start.error && <ErrorAlert error={start.error} />}
        <Button
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
        >
          {t('account.secondFactor.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('account.secondFactor.scan')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Image src={enrolment.qrCode} alt={t('account.secondFactor.qrAlt')} w={200} h={200} fit="contain" />
        <Stack gap={4}>
          <Text size="sm">{t('account.secondFactor.manualKey')}</Text>
          <Code block data-testid="second-factor-key">
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
                {copied ? t('account.secondFactor.copied') : t('account.secondFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </SimpleGrid>
      <CodeForm
        label={t('account.secondFactor.code')}
        submitLabel={t('account.secondFactor.confirm')}
        sixDigits
        action={confirm}
        onDone={(result) => onConfirmed(result.recoveryCodes)}
      />
    </Stack>
  );
}

function RenewRecoveryCodesForm({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const renew = useRenewRecoveryCodes();
  return (
    <CodeForm
      label={t('account.secondFactor.renewCode')}
      submitLabel={t('account.secondFactor.renew')}
      action={renew}
      onDone={(result) => onRenewed(result.recoveryCodes)}
    />
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableSecondFactor();
  return (
    <CodeForm
      label={t('account.secondFactor.disableCode')}
      submitLabel={t('account.secondFactor.disable')}
      danger
      action={disable}
      onDone={() => {
        notifications.show({ color: 'green', message: t('account.secondFactor.disabled') });
        onDisabled();
      }}
    />
  );
}

interface CodeFormProps<Result> {
  label: string;
  submitLabel: string;
  /** Only the six digits of the app (no recovery code). */
  sixDigits?: boolean;
  danger?: boolean;
  action: UseMutationResult<Result, Error, { code: string }>;
  onDone: (result: Result) => void;
}

/** A code of the authenticator app (or a recovery code), sent with the action; its error shown at the field. */
function CodeForm<Result>({ label, submitLabel, sixDigits, danger, action, onDone }: CodeFormProps<Result>) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wellFormed = sixDigits ? totpCodeSchema.safeParse(code).success : code.trim() !== '';
    setInvalid(!wellFormed);
    if (!wellFormed) return;
    action.mutate(
      { code: code.trim() },
      {
        onSuccess: (result) => {
          setCode('');
          onDone(result);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" align="flex-start">
        {Boolean(action.error) && <ErrorAlert error={action.error} />}
        <TextInput
          label={label}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setInvalid(false);
            action.reset();
          }}
          error={invalid ? t('account.secondFactor.codeInvalid') : undefined}
          autoComplete="one-time-code"
          inputMode={sixDigits ? 'numeric' : 'text'}
          maxLength={sixDigits ? 7 : 64}
          w={220}
        />
        <Button
          type="submit"
          color={danger ? 'red' : undefined}
          variant={danger ? 'light' : 'filled'}
          loading={action.isPending}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="sm">
      <Alert color="green" variant="light">
        {t('account.secondFactor.enabled')}
      </Alert>
      <Alert color="yellow" variant="light" role="alert" title={t('account.secondFactor.recoveryTitle')}>
        {t('account.secondFactor.recoveryWarning')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing={4}
        maw={360}
        component="ol"
        aria-label={t('account.secondFactor.recoveryTitle')}
      >
        {codes.map((code) => (
          <Code key={code} component="li" fz="sm">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('account.secondFactor.copied') : t('account.secondFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t('account.secondFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('account.secondFactor.codesStored')}</Button>
      </Group>
    </Stack>
  );
}
