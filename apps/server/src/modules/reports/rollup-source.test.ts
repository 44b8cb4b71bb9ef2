import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '../../lib/scope';
import { figuresSql } from './reports.repository';
import { MONEY_FIGURES, planRange, ROLLUP_FIGURES } from './rollup-source';

describe('planRange: months from the monthly rollup, days from the daily one', () => {
  it('reads the whole months inside a range and short partial months at both edges by day', () => {
    expect(planRange({ from: '2026-01-31', to: '2026-03-01' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      days: [
        { from: '2026-01-31', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-01' },
      ],
      lessDays: [],
    });
  });

  it('reads a range of whole months from the monthly rollup only', () => {
    expect(planRange({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      months: { from: '2025-01-01', to: '2025-12-01' },
      days: [],
      lessDays: [],
    });
    // February of a leap year ends on the 29th.
    expect(planRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      days: [],
      lessDays: [],
    });
  });

  it('reads a month covered but for a few days whole, less the days outside the range', () => {
    expect(planRange({ from: '2026-01-01', to: '2026-02-27' })).toEqual({
      months: { from: '2026-01-01', to: '2026-02-01' },
      days: [],
      lessDays: [{ from: '2026-02-28', to: '2026-02-28' }],
    });
    // 17 of December's days: the month and 14 days read fewer rows than the 17 days.
    expect(planRange({ from: '2025-12-15', to: '2026-01-31' })).toEqual({
      months: { from: '2025-12-01', to: '2026-01-01' },
      days: [],
      lessDays: [{ from: '2025-12-01', to: '2025-12-14' }],
    });
    expect(planRange({ from: '2026-01-02', to: '2026-01-31' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      days: [],
      lessDays: [{ from: '2026-01-01', to: '2026-01-01' }],
    });
    // Inside one month, with days left out at both ends.
    expect(planRange({ from: '2026-01-05', to: '2026-01-25' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      days: [],
      lessDays: [
        { from: '2026-01-01', to: '2026-01-04' },
        { from: '2026-01-26', to: '2026-01-31' },
      ],
    });
  });

  it('reads by day when that reads fewer rows, or when single days are needed', () => {
    // Half of each month or less: one scan of the days across the turn of the month.
    expect(planRange({ from: '2026-01-20', to: '2026-02-10' })).toEqual({
      months: null,
      days: [{ from: '2026-01-20', to: '2026-02-10' }],
      lessDays: [],
    });
    expect(planRange({ from: '2026-03-05', to: '2026-03-05' })).toEqual({
      months: null,
      days: [{ from: '2026-03-05', to: '2026-03-05' }],
      lessDays: [],
    });
    expect(planRange({ from: '2025-01-01', to: '2025-12-31' }, true)).toEqual({
      months: null,
      days: [{ from: '2025-01-01', to: '2025-12-31' }],
      lessDays: [],
    });
  });

  it('crosses the turn of a year', () => {
    expect(planRange({ from: '2025-11-30', to: '2026-02-01' })).toEqual({
      months: { from: '2025-12-01', to: '2026-01-01' },
      days: [
        { from: '2025-11-30', to: '2025-11-30' },
        { from: '2026-02-01', to: '2026-02-01' },
      ],
      lessDays: [],
    });
  });
});

describe('figuresSql: only the figures a report shows are summed', () => {
  const dialect = new PgDialect();
  const query = (figures?: readonly (typeof ROLLUP_FIGURES)[number][]) =>
    dialect.sqlToQuery(
      figuresSql({
        filter: { from: '2026-08-03', to: '2026-10-31' },
        scope: UNLIMITED,
        sets: [['game_id', 'currency'], ['game_id'], ['currency'], []],
        ...(figures ? { figures } : {}),
      }),
    ).sql;

  it('sums every figure of the rollups unless told which', () => {
    const text = query();
    for (const figure of ROLLUP_FIGURES) expect(text).toContain(`sum(${figure})`);
  });

  it("leaves the RTP band's sums of squares out of a money report", () => {
    const text = query(MONEY_FIGURES);
    for (const figure of MONEY_FIGURES) expect(text).toContain(`sum(${figure})`);
    for (const figure of ['bet_rounds', 'win_per_bet_sum', 'win_per_bet_squares', 'bet_squares_eur']) {
      expect(text).not.toContain(figure);
    }
    // EUR cents are rounded once, after the exact sums.
    expect(text).toContain('round(sum(bet_eur))::text as bet_eur');
  });
});
