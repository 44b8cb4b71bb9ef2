import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords';

const PASSWORD = 'correct horse battery staple';
/** The PHC string of argon2id with the OWASP minimum: 19 MiB, 2 passes, 1 lane, then salt and hash. */
const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/;

/**
 * The median milliseconds of each call over `runs` runs, the calls taken in turn within each run: a machine
 * that slows down or speeds up meanwhile weighs on all of them alike (one call's runs after the other's
 * compared the machine's load, not the calls, when other work ran beside the tests).
 */
async function mediansMsInTurn(runs: number, calls: (() => Promise<unknown>)[]): Promise<number[]> {
  const times = calls.map((): number[] => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, call] of calls.entries()) {
      const start = performance.now();
      await call();
      times[index]!.push(performance.now() - start);
    }
  }
  return times.map((each) => each.sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

describe('passwords', () => {
  it('uses argon2id with the OWASP minimum parameters', () => {
    expect(ARGON2_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('hashes to $argon2id$v=19$m=19456,t=2,p=1$… without the password in the hash', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(ARGON2ID_HASH);
    expect(hash).not.toContain(PASSWORD);
  });

  it('salts every hash: the same password hashes differently each time', async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, PASSWORD)).toBe(true);
    expect(await verifyPassword(second, PASSWORD)).toBe(true);
  });

  it('verifies the right password as true', async () => {
    expect(await verifyPassword(await hashPassword(PASSWORD), PASSWORD)).toBe(true);
  });

  it.each([
    ['another password', 'wrong horse battery staple'],
    ['the password in other case', PASSWORD.toUpperCase()],
    ['the password with a trailing blank', `${PASSWORD} `],
    ['a prefix of the password', PASSWORD.slice(0, -1)],
    ['an empty password', ''],
  ])('verifies %s as false', async (_label, attempt) => {
    expect(await verifyPassword(await hashPassword(PASSWORD), attempt)).toBe(false);
  });

  it.each([
    ['a malformed hash', 'not-a-hash'],
    ['an empty hash', ''],
    ['a truncated hash', '$argon2id$v=19$m=19456,t=2,p=1$'],
  ])('verifies against %s as false instead of throwing', async (_label, hash) => {
    expect(await verifyPassword(hash, PASSWORD)).toBe(false);
  });

  it.each([
    ['any password', PASSWORD],
    ['the password of the internal dummy hash', 'not a real password'],
    ['an empty password', ''],
  ])('verifies %s for an unknown account (no hash) as false', async (_label, attempt) => {
    expect(await verifyPassword(undefined, attempt)).toBe(false);
  });

  it('takes about as long for an unknown account as for a real verification (no timing oracle)', async () => {
    const hash = await hashPassword(PASSWORD);
    // Warm up both paths (the dummy hash is computed on first use).
    await verifyPassword(undefined, PASSWORD);
    await verifyPassword(hash, PASSWORD);

    const [known, unknown] = (await mediansMsInTurn(9, [
      () => verifyPassword(hash, 'wrong horse battery staple'),
      () => verifyPassword(undefined, 'wrong horse battery staple'),
    ])) as [number, number];
    const ratio = unknown / known;
    expect(known).toBeGreaterThan(1);
    expect(ratio, `unknown ${unknown.toFixed(1)} ms vs known ${known.toFixed(1)} ms`).toBeGreaterThan(0.3);
    expect(ratio, `unknown ${unknown.toFixed(1)} ms vs known ${known.toFixed(1)} ms`).toBeLessThan(3);
  });
});
