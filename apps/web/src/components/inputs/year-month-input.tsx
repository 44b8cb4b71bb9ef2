/**
 * A year and a month (spec §5): a {@link YearSelect} and a {@link MonthSelect} side by side. Value:
 * `yyyy-MM`, or `null` while either is not chosen.
 */
import { Group, Input } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthSelect } from './month-select';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { YearSelect } from './year-select';

export interface YearMonth {
  year: number;
  month: number;
}

const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

export function parseYearMonth(value: string | null | undefined): YearMonth | null {
  const match = value ? YEAR_MONTH.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

export function formatYearMonth({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

interface Choice {
  year: number | null;
  month: number | null;
}

function valueOf({ year, month }: Choice): string | null {
  return year === null || month === null ? null : formatYearMonth({ year, month });
}

function choiceOf(value: string | null): Choice {
  return parseYearMonth(value) ?? { year: null, month: null };
}

export interface YearMonthInputProps extends FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The language of the month names; default the UI language. */
  locale?: string;
  required?: boolean;
  withAsterisk?: boolean;
  className?: string;
}

export function YearMonthInput({
  value,
  onChange,
  locale,
  label,
  description,
  error,
  rules,
  customRules,
  readOnly,
  disabled,
  required,
  withAsterisk,
  className,
}: YearMonthInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState(() => choiceOf(value));
  const field = useFieldRules({ value, rules, customRules, description, error });
  const shown = valueOf(choice) === (parseYearMonth(value) ? value : null) ? choice : choiceOf(value);

  const update = (next: Choice) => {
    setChoice(next);
    field.touch();
    onChange(valueOf(next));
  };
  const invalid = Boolean(field.error);

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={label}
      required={required}
      withAsterisk={withAsterisk}
      className={className}
      {...field.wrapperProps}
    >
      <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={label ? `${id}-label` : undefined}>
        <MonthSelect
          aria-label={t('inputs.yearMonth.month')}
          placeholder={t('inputs.yearMonth.month')}
          locale={locale}
          value={shown.month}
          onChange={(month) => update({ ...shown, month })}
          onBlur={field.touch}
          error={invalid}
          readOnly={readOnly}
          disabled={disabled}
          w={160}
        />
        <YearSelect
          aria-label={t('inputs.yearMonth.year')}
          placeholder={t('inputs.yearMonth.year')}
          value={shown.year}
          onChange={(year) => update({ ...shown, year })}
          onBlur={field.touch}
          error={invalid}
          readOnly={readOnly}
          disabled={disabled}
          w={110}
        />
      </Group>
    </Input.Wrapper>
  );
}
