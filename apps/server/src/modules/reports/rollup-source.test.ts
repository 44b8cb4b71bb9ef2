import { describe, expect, it } from 'vitest';
import { planRange } from './rollup-source';

describe('planRange: whole months from the monthly rollup, the edges from the daily one', () => {
  it('reads the whole months inside a range and the partial months at both edges by day', () => {
    expect(planRange({ from: '2026-01-31', to: '2026-03-01' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      days: [
        { from: '2026-01-31', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-01' },
      ],
    });
  });

  it('reads a range of whole months from the monthly rollup only', () => {
    expect(planRange({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      months: { from: '2025-01-01', to: '2025-12-01' },
      days: [],
    });
    // February of a leap year ends on the 29th.
    expect(planRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      days: [],
    });
  });

  it('keeps a leading or trailing partial month by day', () => {
    expect(planRange({ from: '2026-01-01', to: '2026-02-27' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      days: [{ from: '2026-02-01', to: '2026-02-27' }],
    });
    expect(planRange({ from: '2025-12-15', to: '2026-01-31' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      days: [{ from: '2025-12-15', to: '2025-12-31' }],
    });
  });

  it('reads by day when no whole month is inside, or when single days are needed', () => {
    expect(planRange({ from: '2026-01-02', to: '2026-01-31' })).toEqual({
      months: null,
      days: [{ from: '2026-01-02', to: '2026-01-31' }],
    });
    expect(planRange({ from: '2026-01-20', to: '2026-02-10' })).toEqual({
      months: null,
      days: [{ from: '2026-01-20', to: '2026-02-10' }],
    });
    expect(planRange({ from: '2026-03-05', to: '2026-03-05' })).toEqual({
      months: null,
      days: [{ from: '2026-03-05', to: '2026-03-05' }],
    });
    expect(planRange({ from: '2025-01-01', to: '2025-12-31' }, true)).toEqual({
      months: null,
      days: [{ from: '2025-01-01', to: '2025-12-31' }],
    });
  });

  it('crosses the turn of a year', () => {
    expect(planRange({ from: '2025-11-30', to: '2026-02-01' })).toEqual({
      months: { from: '2025-12-01', to: '2026-01-01' },
      days: [
        { from: '2025-11-30', to: '2025-11-30' },
        { from: '2026-02-01', to: '2026-02-01' },
      ],
    });
  });
});
