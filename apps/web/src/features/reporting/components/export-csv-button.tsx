/** Saves what a report shows as a CSV file, built in the browser from the rows on screen. */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { datedFileName, downloadCsv, toCsv, type CsvValue } from '../../../lib/csv-download';

export interface CsvContent {
  header: string[];
  rows: CsvValue[][];
}

interface ExportCsvButtonProps {
  /** The file name without date and extension, e.g. `ggr-report`. */
  fileName: string;
  /** The rows to save; undefined while there is nothing to save. */
  content: CsvContent | undefined;
  label?: string;
}

export function ExportCsvButton({ fileName, content, label }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      disabled={!content || content.rows.length === 0}
      onClick={() => content && downloadCsv(toCsv(content.header, content.rows), datedFileName(fileName))}
    >
      {label ?? t('reports.exportCsv')}
    </Button>
  );
}
