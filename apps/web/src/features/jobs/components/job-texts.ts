/**
 * How the jobs screen words things: a job's title and description (for the jobs it knows; any other shows
 * its name), its cron schedule as a phrase for the common forms, instants relative to now, and a run's
 * duration, trigger and summary.
 */
import type { JobRun } from '@backoffice/contracts';
import { localeOf, type Language } from '@backoffice/contracts/languages';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A job's title and one-line description; a job the screen does not know yet keeps its name. */
export function useJobNaming(): (name: string) => { title: string; description: string | null } {
  const { t, i18n } = useTranslation();
  return (name) => {
    const key = `jobs.known.${name}`;
    return {
      title: i18n.exists(`${key}.title`) ? t(`${key}.title`) : name,
      description: i18n.exists(`${key}.description`) ? t(`${key}.description`) : null,
    };
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A whole number from `min` to `max` written plainly (no ranges, lists or names), or undefined. */
function plainNumber(field: string, min: number, max: number): number | undefined {
  if (!/^\d{1,2}$/.test(field)) return undefined;
  const value = Number(field);
  return value >= min && value <= max ? value : undefined;
}

/** The N of a step over the field's whole range (a star, a slash and N), or undefined. */
function everyStep(field: string): number | undefined {
  const match = /^\*\/(\d{1,2})$/.exec(field);
  return match && Number(match[1]) > 0 ? Number(match[1]) : undefined;
}

/** A weekday (0 and 7 are Sunday, as in cron) in the language, e.g. "Monday". */
function weekdayName(day: number, language: Language): string {
  // 2024-01-07 was a Sunday.
  const date = new Date(Date.UTC(2024, 0, 7 + (day % 7)));
  return new Intl.DateTimeFormat(localeOf[language], { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The cron expression (five fields, UTC) as words — every minute, every N minutes, hourly, every N hours,
 * daily, weekly, monthly at a time —, or null for any other form (the screen then shows the cron alone).
 */
export function schedulePhrase(cron: string, t: TFunction, language: Language): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute = '', hour = '', day = '', month = '', weekday = ''] = fields;
  if (month !== '*') return null;
  const anyDay = day === '*' && weekday === '*';

  if (hour === '*' && anyDay) {
    if (minute === '*') return t('jobs.schedule.everyMinute');
    const step = everyStep(minute);
    if (step !== undefined) {
      return step === 1 ? t('jobs.schedule.everyMinute') : t('jobs.schedule.everyMinutes', { count: step });
    }
    const at = plainNumber(minute, 0, 59);
    return at === undefined ? null : t('jobs.schedule.everyHours', { count: 1, minute: at });
  }

  const atMinute = plainNumber(minute, 0, 59);
  if (atMinute === undefined) return null;
  const hourStep = everyStep(hour);
  if (hourStep !== undefined && anyDay) {
    return t('jobs.schedule.everyHours', { count: hourStep, minute: atMinute });
  }
  const atHour = plainNumber(hour, 0, 23);
  if (atHour === undefined) return null;
  const time = `${pad(atHour)}:${pad(atMinute)}`;
  if (anyDay) return t('jobs.schedule.daily', { time });
  const onWeekday = plainNumber(weekday, 0, 7);
  if (day === '*' && onWeekday !== undefined) {
    return t('jobs.schedule.weekly', { weekday: weekdayName(onWeekday, language), time });
  }
  const onDay = plainNumber(day, 1, 31);
  if (weekday === '*' && onDay !== undefined) return t('jobs.schedule.monthly', { day: onDay, time });
  return null;
}

/** The current time, renewed every `intervalMs`: relative times ("in 5 minutes") move on while shown. */
export function useNow(intervalMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** An instant relative to `now` in the language, e.g. "in 5 minutes", "vor 2 Stunden". */
export function relativeTime(iso: string, now: number, language: Language): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(localeOf[language], { numeric: 'auto' });
  const size = Math.abs(seconds);
  if (size < 60) return format.format(seconds, 'second');
  if (size < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (size < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/** How long a finished run took ("350 ms", "1.2 s", "2 min 5 s"); null while it has not finished. */
export function runDuration(run: JobRun, t: TFunction, language: Language): string | null {
  if (run.finishedAt === null) return null;
  const ms = Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt));
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: digits }).format(value);
  if (ms < 1000) return t('jobs.duration.ms', { value: number(ms, 0) });
  if (ms < 60_000) return t('jobs.duration.seconds', { value: number(ms / 1000, 1) });
  const seconds = Math.round(ms / 1000);
  return t('jobs.duration.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/** Who started a run: the schedule, or the user who pressed "Run now". */
export function runTrigger(run: JobRun, t: TFunction): string {
  if (run.trigger === 'schedule') return t('jobs.trigger.schedule');
  return run.triggeredBy === null
    ? t('jobs.trigger.manual')
    : t('jobs.trigger.manualBy', { user: run.triggeredBy });
}

/** What a run did, e.g. "found 3 · closed 2"; a count the screen has no word for shows by its key. */
export function runSummary(run: JobRun, t: TFunction, language: Language): string | null {
  const entries = Object.entries(run.summary ?? {});
  if (entries.length === 0) return null;
  const number = new Intl.NumberFormat(localeOf[language]);
  return entries
    .map(([key, count]) =>
      t('jobs.summary.entry', {
        label: t(`jobs.summary.counts.${key}`, { defaultValue: key }),
        value: number.format(count),
      }),
    )
    .join(' · ');
}
