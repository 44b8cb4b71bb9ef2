/** Timing helpers for benchmarks: figures are printed as ratios to a baseline measured in the same run. */
import { performance } from 'node:perf_hooks';

export interface Timing {
  name: string;
  samples: number[];
}

export async function time(name: string, iterations: number, fn: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, iterations); i++) await fn(); // warm-up: plans, JIT, connections
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return { name, samples };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function report(title: string, baseline: Timing, subjects: Timing[]): void {
  const base95 = percentile(baseline.samples, 95);
  console.log(`\n${title}`);
  console.log(
    `  ${'case'.padEnd(48)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p95 / baseline'.padStart(15)}`,
  );
  for (const timing of [baseline, ...subjects]) {
    const p50 = percentile(timing.samples, 50);
    const p95 = percentile(timing.samples, 95);
    const ratio = timing === baseline ? '1.0×' : `${(p95 / base95).toFixed(1)}×`;
    console.log(
      `  ${timing.name.padEnd(48)} ${p50.toFixed(2).padStart(9)} ${p95.toFixed(2).padStart(9)} ${ratio.padStart(15)}`,
    );
  }
}
