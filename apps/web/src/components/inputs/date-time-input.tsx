/**
 * An instant as a date and a time of day in the browser's time zone: the date field of spec §5 next to a
 * time field. Value: an ISO instant in UTC (`2025-03-01T09:15:00.000Z`), or `null` while there is no date.
 * A date without a time means midnight; `atEndOfMinute` makes it the minute's last millisecond (the end
 * of a range that includes it). While the time is not valid, the value keeps its last valid time.
 */
import { Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './date-input';
import { TimeInput } from './time-input';

export interface DateTimeInputProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The instant meant is the end of the chosen minute (an inclusive "to"). */
  atEndOfMinute?: boolean;
  withAsterisk?: boolean;
  error?: ReactNode;
  dateWidth?: number;
}

const pad = (number: number) => String(number).padStart(2, '0');

/** The local date (`yyyy-MM-dd`) and time (`HH:mm`) of an instant. */
export function localParts(iso: string | null): { date: string | null; time: string | null } {
  if (!iso) return { date: null, time: null };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: null, time: null };
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The instant of a local date and time, in UTC ISO form. */
export function instantOf(date: string, time: string | null, atEndOfMinute = false): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = (time ?? '00:00').split(':').map(Number) as [number, number];
  const at = new Date(year, month - 1, day, hours, minutes, 0, 0);
  at.setFullYear(year);
  return new Date(at.getTime() + (atEndOfMinute ? 59_999 : 0)).toISOString();
}

export function DateTimeInput({
  label,
  value,
  onChange,
  atEndOfMinute = false,
  withAsterisk,
  error,
  dateWidth = 150,
}: DateTimeInputProps) {
  const { t } = useTranslation();
  const parts = localParts(value);
  // The time field's own value: null while its text is not a time yet (so the text stays as typed), and
  // kept while there is no date to combine it with. A value from outside (not the one this field just
  // emitted) sets it afresh; a date chosen without a time leaves the time field empty (midnight).
  const [time, setTime] = useState(parts.time);
  const [shownValue, setShownValue] = useState(value);
  const [emitted, setEmitted] = useState<string | null>(null);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== emitted) setTime(parts.time);
  }
  const emit = (next: string | null) => {
    setEmitted(next);
    onChange(next);
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <DateInput
        label={label}
        withAsterisk={withAsterisk}
        w={dateWidth}
        value={parts.date}
        error={error}
        onChange={(date) => emit(date ? instantOf(date, time, atEndOfMinute) : null)}
      />
      <TimeInput
        label={t('inputs.dateTime.time')}
        aria-label={t('inputs.dateTime.timeOf', { label })}
        w={90}
        value={time}
        onChange={(next) => {
          setTime(next);
          if (next !== null && parts.date) emit(instantOf(parts.date, next, atEndOfMinute));
        }}
      />
    </Group>
  );
}
