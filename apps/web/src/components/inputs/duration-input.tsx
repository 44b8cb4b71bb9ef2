/**
 * A duration as hours and minutes (spec §5). Both fields take digits only (anything else is dropped as
 * typed); hours are capped at `maxHours` (default 99), minutes at 59 and shown with two digits; a leading
 * minus in the hours field only where `allowNegative` is set (default off).
 *
 * Value: an ISO 8601 duration in the canonical form `PT{hours}H{minutes}M`, both parts always present and
 * without padding, with a leading minus when negative — e.g. `PT1H5M`, `PT0H0M`, `-PT0H30M` (a zero
 * duration is never negative). `null` while either field is empty. Other ISO forms such as `PT90M`,
 * `PT2H` or `PT1H05M` are read back for display.
 */
import { Group, Input, InputWrapperContext, Text } from '@mantine/core';
import { useContext, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { ReadOnlyValue, useReadOnly } from './read-only';

export const DEFAULT_MAX_HOURS = 99;
export const MAX_MINUTES = 59;

export interface DurationInputProps extends FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The largest number of hours; default {@link DEFAULT_MAX_HOURS}. */
  maxHours?: number;
  /** Whether a minus may be typed before the hours; default false. */
  allowNegative?: boolean;
  required?: boolean;
  withAsterisk?: boolean;
  className?: string;
}

export interface Duration {
  negative: boolean;
  hours: number;
  minutes: number;
}

const ISO_DURATION = /^(-)?PT(?:(\d+)H)?(?:(\d+)M)?$/;

/** Reads an ISO 8601 duration of hours and minutes; `null` for anything else. */
export function parseDuration(value: string | null | undefined): Duration | null {
  const match = value ? ISO_DURATION.exec(value.trim()) : null;
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const total = Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return { negative: Boolean(match[1]) && total > 0, hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The canonical form: `PT1H5M`, `-PT0H30M`; a zero duration has no minus. */
export function formatDuration({ negative, hours, minutes }: Duration): string {
  const sign = negative && hours * 60 + minutes > 0 ? '-' : '';
  return `${sign}PT${hours}H${minutes}M`;
}

/** The hours text as typed: digits only, a leading minus if allowed, capped at `maxHours`. */
export function filterHours(text: string, maxHours: number, allowNegative: boolean): string {
  const sign = allowNegative && text.trimStart().startsWith('-') ? '-' : '';
  let digits = text.replace(/\D/g, '');
  if (digits !== '' && Number(digits) > maxHours) digits = String(maxHours);
  return sign + digits;
}

/** The minutes text as typed: digits only, at most two, capped at 59. */
export function filterMinutes(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 2);
  return digits !== '' && Number(digits) > MAX_MINUTES ? String(MAX_MINUTES) : digits;
}

/** The value of the two fields, or `null` while either is empty. */
export function durationFromFields(hours: string, minutes: string): string | null {
  const hourDigits = hours.replace('-', '');
  if (hourDigits === '' || minutes === '') return null;
  return formatDuration({
    negative: hours.startsWith('-'),
    hours: Number(hourDigits),
    minutes: Number(minutes),
  });
}

const pad2 = (text: string) => text.padStart(2, '0');

function fieldsOf(value: string | null): { hours: string; minutes: string } {
  const duration = parseDuration(value);
  if (!duration) return { hours: '', minutes: '' };
  return {
    hours: `${duration.negative ? '-' : ''}${duration.hours}`,
    minutes: pad2(String(duration.minutes)),
  };
}

const canonical = (value: string | null) => {
  const duration = parseDuration(value);
  return duration ? formatDuration(duration) : null;
};

/**
 * Gives an input inside the field's wrapper an id of its own, keeping the wrapper's error and description
 * links (the wrapper's id belongs to the hours input, which its label points to).
 */
function WithInputId({ id, children }: { id: string; children: ReactNode }) {
  const context = useContext(InputWrapperContext);
  return <InputWrapperContext value={{ ...context, inputId: id }}>{children}</InputWrapperContext>;
}

/** A duration as people read it: `1:05`, `-0:30` (hours and minutes); the stored text when it is none. */
function readableDuration(value: string | null): string {
  const duration = parseDuration(value);
  if (!duration) return value ?? '';
  const sign = duration.negative ? '-' : '';
  return `${sign}${duration.hours}:${String(duration.minutes).padStart(2, '0')}`;
}

/** Inside a read-only record: the value as text (see read-only.tsx). */
export function DurationInput(props: DurationInputProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={readableDuration(props.value)} />;
  return <EditableDurationInput {...props} />;
}

function EditableDurationInput({
  value,
  onChange,
  maxHours = DEFAULT_MAX_HOURS,
  allowNegative = false,
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
}: DurationInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState(() => fieldsOf(value));
  const field = useFieldRules({ value, rules, customRules, description, error });
  const shown =
    durationFromFields(fields.hours, fields.minutes) === canonical(value) ? fields : fieldsOf(value);

  const update = (next: { hours: string; minutes: string }) => {
    setFields(next);
    field.touch();
    onChange(durationFromFields(next.hours, next.minutes));
  };

  const onGroupBlur = (event: FocusEvent) => {
    if (groupRef.current?.contains(event.relatedTarget as Node | null)) return;
    field.touch();
  };

  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      withAsterisk={withAsterisk}
      className={className}
      {...field.wrapperProps}
    >
      <Group
        ref={groupRef}
        gap={4}
        wrap="nowrap"
        role="group"
        aria-labelledby={label ? `${id}-label` : undefined}
      >
        <Input
          w={72}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('inputs.duration.hoursPlaceholder')}
          aria-label={t('inputs.duration.hours')}
          value={shown.hours}
          readOnly={readOnly}
          disabled={disabled}
          error={Boolean(field.error)}
          onChange={(event) =>
            update({ ...shown, hours: filterHours(event.currentTarget.value, maxHours, allowNegative) })
          }
          onBlur={onGroupBlur}
        />
        <Text aria-hidden>:</Text>
        <WithInputId id={`${id}-minutes`}>
          <Input
            w={56}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('inputs.duration.minutesPlaceholder')}
            aria-label={t('inputs.duration.minutes')}
            value={shown.minutes}
            readOnly={readOnly}
            disabled={disabled}
            error={Boolean(field.error)}
            onChange={(event) => update({ ...shown, minutes: filterMinutes(event.currentTarget.value) })}
            onBlur={(event) => {
              if (shown.minutes.length === 1) setFields({ ...shown, minutes: pad2(shown.minutes) });
              onGroupBlur(event);
            }}
          />
        </WithInputId>
      </Group>
    </Input.Wrapper>
  );
}
