import { FX_IMPORT_MAX_LINES, type FxRateImportResult } from '@backoffice/contracts';
import { Alert, Button, FileInput, Group, List, Paper, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useImportFxRates } from '../api/masterdata-api';

/**
 * Imports rates from CSV, chosen as a file or pasted: taken whole or not at all. A refused import lists
 * every bad line as the server reported it; a taken one says how many rates were created and updated.
 */
export function FxRateImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const importRates = useImportFxRates();
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<FxRateImportResult | null>(null);
  const error = importRates.error;
  const lineErrors =
    error instanceof ApiError && error.code === 'FX_IMPORT_INVALID' ? (error.details ?? []) : [];
  const title = t('masterdata.fxRates.import.title');

  async function choose(chosen: File | null) {
    setFile(chosen);
    setResult(null);
    importRates.reset();
    setCsv(chosen ? await chosen.text() : '');
  }

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('masterdata.fxRates.import.hint', { max: FX_IMPORT_MAX_LINES })}
      </Text>
      <FileInput
        label={t('masterdata.fxRates.import.file')}
        placeholder={t('masterdata.fxRates.import.filePlaceholder')}
        accept=".csv,text/csv,text/plain"
        clearable
        value={file}
        onChange={(chosen) => void choose(chosen)}
        mb="sm"
      />
      <Textarea
        label={t('masterdata.fxRates.import.text')}
        placeholder={'day,currency,rateToEur\n2025-01-31,USD,0.9234'}
        rows={6}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={csv}
        onChange={(event) => {
          setCsv(event.currentTarget.value);
          setResult(null);
        }}
        mb="sm"
      />
      {result && (
        <Alert color="green" variant="light" mb="sm" role="status">
          {t('masterdata.fxRates.import.done', { created: result.created, updated: result.updated })}
        </Alert>
      )}
      {error && <ErrorAlert error={error} />}
      {lineErrors.length > 0 && (
        <List size="sm" mb="sm" aria-label={t('masterdata.fxRates.import.lineErrors')}>
          {lineErrors.map((detail) => (
            <List.Item key={detail.path}>
              {t('masterdata.fxRates.import.lineError', {
                line: detail.path.replace(/^line /, ''),
                message: detail.message,
              })}
            </List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button disabled={csv.trim() === ''} onClick={() => setConfirming(true)}>
          {t('masterdata.fxRates.import.submit')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={title}
        description={t('masterdata.fxRates.import.confirm')}
        confirmText={t('masterdata.fxRates.import.submit')}
        confirmLabel={t('masterdata.fxRates.import.submit')}
        busy={importRates.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setResult(null);
          importRates.mutate(csv, {
            onSuccess: (imported) => setResult(imported),
            onSettled: () => setConfirming(false),
          });
        }}
      />
    </Paper>
  );
}
