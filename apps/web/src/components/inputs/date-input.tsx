/**
 * A date field (spec §5): the text is read in the locale's short date format (derived from
 * `Intl.DateTimeFormat(locale).formatToParts`, e.g. `dd.MM.yyyy` for German, `MM/dd/yyyy` for English;
 * day and month may have one digit, the year needs four). Invalid dates and years above 9999 are ignored
 * (no change emitted); on blur an invalid entry reverts to the last valid value; clearing the text emits
 * `null`. A picker opens on focus and closes on focus-out or Escape; its Reset button clears the value
 * (emits `null`), its Done button closes it. Value: `yyyy-MM-dd` or `null`.
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Button, Group, Popover, Stack, TextInput, type PopoverProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassThroughTextInputProps } from './number-input';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { ReadOnlyValue, useReadOnly } from './read-only';

/** Years above this are ignored. */
export const MAX_DATE_YEAR = 9999;
export const MIN_DATE_YEAR = 1;

export type DatePart = 'day' | 'month' | 'year';

export interface ShortDateFormat {
  /** The order of day, month and year in the locale's short date. */
  order: DatePart[];
  /** The text between them, e.g. `.` or `/`. */
  separator: string;
}

/** The locale's numeric short date format, from the parts `Intl` produces for it. */
export function shortDateFormat(locale: string): ShortDateFormat {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(2000, 11, 31));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '.';
  return { order, separator };
}

const pad = (number: number, length: number) => String(number).padStart(length, '0');

function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `yyyy-MM-dd` for a text in the locale's short date format, or `null` (incomplete or invalid). */
export function parseShortDate(text: string, locale: string): string | null {
  const { order, separator } = shortDateFormat(locale);
  const pieces = text
    .trim()
    .split(separator)
    .map((piece) => piece.trim());
  if (pieces.length !== order.length) return null;
  const found: Partial<Record<DatePart, number>> = {};
  for (const [index, part] of order.entries()) {
    const piece = pieces[index] ?? '';
    const valid = part === 'year' ? /^\d{4,}$/.test(piece) : /^\d{1,2}$/.test(piece);
    if (!valid) return null;
    found[part] = Number(piece);
  }
  const { year = 0, month = 0, day = 0 } = found;
  return isRealDate(year, month, day) ? isoDate(year, month, day) : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the value is a real `yyyy-MM-dd` date. */
export function isIsoDate(value: string | null | undefined): value is string {
  const match = value ? ISO_DATE.exec(value) : null;
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The value in the locale's short date format (two-digit day and month), or '' for none. */
export function formatShortDate(value: string | null, locale: string): string {
  if (!isIsoDate(value)) return '';
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const { order, separator } = shortDateFormat(locale);
  const parts: Record<DatePart, string> = { year: pad(year, 4), month: pad(month, 2), day: pad(day, 2) };
  return order.map((part) => parts[part]).join(separator);
}

function today(): string {
  const now = new Date();
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export interface DateInputProps extends PassThroughTextInputProps, FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The locale whose short date format is read and shown; default the UI language. */
  locale?: string;
  /** Default "Reset" / "Zurücksetzen". */
  resetLabel?: ReactNode;
  /** Default "Done" / "Fertig". */
  doneLabel?: ReactNode;
  popoverProps?: Omit<PopoverProps, 'opened' | 'onChange' | 'onClose' | 'children'>;
}

/** Inside a read-only record: the value as text (see read-only.tsx). */
export function DateInput(props: DateInputProps) {
  const { i18n } = useTranslation();
  if (useReadOnly())
    return (
      <ReadOnlyValue
        label={props.label}
        value={formatShortDate(props.value, props.locale ?? i18n.language)}
      />
    );
  return <EditableDateInput {...props} />;
}

function EditableDateInput({
  value,
  onChange,
  locale,
  resetLabel,
  doneLabel,
  popoverProps,
  rules,
  customRules,
  description,
  error,
  readOnly,
  disabled,
  onFocus,
  onBlur,
  onKeyDown,
  placeholder,
  ...others
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const dateLocale = locale ?? i18n.language;
  const field = useFieldRules({ value, rules, customRules, description, error });
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(false);
  const [month, setMonth] = useState(() => value ?? today());

  const shown = editing ? text : formatShortDate(value, dateLocale);
  const inside = (node: EventTarget | null) =>
    node instanceof Node && (!!inputRef.current?.contains(node) || !!dropdownRef.current?.contains(node));

  const emit = (next: string | null) => {
    if (next !== value) onChange(next);
    if (next) setMonth(next);
  };

  // Focus leaving the field and its picker: an invalid entry reverts to the last valid value.
  const leave = (event: FocusEvent) => {
    if (inside(event.relatedTarget)) return;
    setEditing(false);
    setOpened(false);
    field.touch();
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && opened) {
      event.stopPropagation();
      setOpened(false);
    }
  };

  const pick = (next: string | null) => {
    emit(next);
    setText(formatShortDate(next, dateLocale));
    setEditing(true);
    field.touch();
  };

  const defaultPlaceholder = shortDateFormat(dateLocale)
    .order.map((part) => t(`inputs.date.placeholder.${part}`))
    .join(shortDateFormat(dateLocale).separator);

  return (
    <Popover
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      // The field is a text box one types a date into; the calendar below is a help for the mouse, not a
      // popup the field controls (as a textbox it may not say aria-expanded: WCAG, axe).
      withRoles={false}
      {...popoverProps}
      opened={opened && !readOnly && !disabled}
      onClose={() => setOpened(false)}
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          autoComplete="off"
          placeholder={placeholder ?? defaultPlaceholder}
          {...others}
          {...field.wrapperProps}
          readOnly={readOnly}
          disabled={disabled}
          value={shown}
          onFocus={(event) => {
            if (!editing) setText(formatShortDate(value, dateLocale));
            setEditing(true);
            setMonth(value ?? today());
            setOpened(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            leave(event);
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            closeOnEscape(event);
            onKeyDown?.(event);
          }}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            field.touch();
            if (next.trim() === '') emit(null);
            else {
              const parsed = parseShortDate(next, dateLocale);
              if (parsed) emit(parsed);
            }
          }}
        />
      </Popover.Target>
      <Popover.Dropdown
        ref={dropdownRef}
        // Without the popover's own roles (see withRoles): the calendar is still a dialog, named.
        role="dialog"
        aria-label={t('inputs.date.calendar')}
        onBlur={leave}
        onKeyDownCapture={closeOnEscape}
        // Clicks in the picker keep the focus in the text field.
        onMouseDown={(event) => event.preventDefault()}
      >
        <Stack gap="xs">
          <DatePicker
            value={isIsoDate(value) ? value : null}
            onChange={pick}
            date={month}
            onDateChange={setMonth}
            locale={dateLocale.split('-')[0]?.toLowerCase()}
            maxDate={`${MAX_DATE_YEAR}-12-31`}
            // The arrows say where they go; the month's name (the level's control) says it itself.
            ariaLabels={{
              previousMonth: t('inputs.date.controls.previousMonth'),
              nextMonth: t('inputs.date.controls.nextMonth'),
              previousYear: t('inputs.date.controls.previousYear'),
              nextYear: t('inputs.date.controls.nextYear'),
              previousDecade: t('inputs.date.controls.previousDecade'),
              nextDecade: t('inputs.date.controls.nextDecade'),
            }}
            // The neighbouring months' days would be greyed out below a readable contrast (2.4:1).
            hideOutsideDates
          />
          <Group justify="space-between">
            <Button variant="subtle" size="xs" onClick={() => pick(null)}>
              {resetLabel ?? t('inputs.date.reset')}
            </Button>
            <Button size="xs" onClick={() => setOpened(false)}>
              {doneLabel ?? t('inputs.date.done')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
