/**
 * The close of a round: what it says now (pending — outcome unknown, retried by itself and on demand;
 * rejected — the round is open again; closed) and its record: booking, amount, idempotency key, attempts,
 * next automatic retry, last error and the bridge's booking id.
 */
import type { RoundClosure } from '@backoffice/contracts';
import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldsTable, NoValue } from '../../../components/fields-table';
import { errorCodeText } from '../../../lib/api-client';
import { formatInstant, formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

const stateColor = { pending: 'orange', closed: 'green', rejected: 'red' } as const;

interface RoundClosureViewProps {
  closure: RoundClosure;
  /** Offers "Retry booking" on a pending close (for those who may act). */
  onRetry?: (() => void) | undefined;
  retrying: boolean;
}

function ClosureAlert({ closure, onRetry, retrying }: RoundClosureViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lastError = closure.lastError && errorCodeText(closure.lastError, t);
  if (closure.state === 'pending') {
    return (
      <Alert color="orange" variant="filled" title={t('support.closure.pendingTitle')} role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {[
              t('support.closure.pendingText'),
              lastError && t('support.closure.lastErrorWas', { error: lastError }),
              closure.nextAttemptAt
                ? t('support.closure.nextAttemptAt', { at: formatInstant(closure.nextAttemptAt, language) })
                : t('support.closure.noNextAttempt'),
            ]
              .filter(Boolean)
              .join(' ')}
          </Text>
          {onRetry && (
            <Button color="orange" variant="white" loading={retrying} onClick={onRetry}>
              {t('support.closure.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (closure.state === 'rejected') {
    return (
      <Alert color="red" variant="light" title={t('support.closure.rejectedTitle')}>
        {t('support.closure.rejectedText', { error: lastError ?? '' })}
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" title={t('support.closure.closedTitle')}>
      {t(`support.bookings.${closure.booking}`)}
    </Alert>
  );
}

export function RoundClosureView(props: RoundClosureViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { closure } = props;
  const when = (iso: string | null) => (iso === null ? <NoValue /> : formatInstant(iso, language));
  const optional = (text: string | null) => text ?? <NoValue />;
  const field = (key: string) => t(`support.closure.fields.${key}`);
  return (
    <Stack component="section" aria-label={t('support.closure.title')}>
      <Title order={2} size="h3">
        {t('support.closure.title')}
      </Title>
      <ClosureAlert {...props} />
      <FieldsTable
        label={t('support.closure.fieldsLabel')}
        rows={[
          [
            field('state'),
            <Badge key="state" color={stateColor[closure.state]} variant="light">
              {t(`support.closure.states.${closure.state}`)}
            </Badge>,
          ],
          [field('booking'), t(`support.bookings.${closure.booking}`)],
          [field('amount'), formatMinorUnits(closure.amount, closure.currency, language)],
          [field('idempotencyKey'), optional(closure.idempotencyKey)],
          [field('attempts'), closure.attempts],
          [field('nextAttemptAt'), when(closure.nextAttemptAt)],
          [field('lastError'), optional(closure.lastError && errorCodeText(closure.lastError, t))],
          [field('bridgeBookingId'), optional(closure.bridgeBookingId)],
          [field('reason'), closure.reason],
          [
            field('requestedBy'),
            closure.automatic ? t('support.closure.fields.autoClose') : optional(closure.requestedBy),
          ],
          [field('requestedAt'), when(closure.requestedAt)],
          [field('finishedAt'), when(closure.finishedAt)],
        ]}
      />
    </Stack>
  );
}
