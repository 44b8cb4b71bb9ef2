/** argon2id with at least the OWASP minimum (19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing in particular: verifying against it costs as much as a real check. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  // Unknown accounts take as long as known ones, so timing does not tell which e-mails exist.
  const target = passwordHash ?? (await (dummyHash ??= hashPassword('not a real password')));
  try {
    return (await verify(target, password)) && passwordHash !== undefined;
  } catch {
    return false;
  }
}
