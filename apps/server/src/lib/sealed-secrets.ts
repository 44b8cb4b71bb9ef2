/**
 * How the services store and read the secrets the back office keeps (bridge, provider and operator-API
 * secrets): sealed by the app's SecretBox on write, opened only where the plaintext is used (signing a
 * bridge request). The routes never answer them either way (decision 014).
 */
import { AppError } from './app-error';
import type { SecretBox } from './secret-box';

/**
 * The plaintext of a stored secret. A value that is not sealed was written before sealing ran (an older
 * instance during a rolling deploy) and is used as it is — the next start or `rotate-secrets` seals it.
 * A value sealed under a key this instance does not have answers SECRET_UNREADABLE: a configuration
 * problem of the operators, never a 500 that shows the cipher's message.
 */
export function openSecret(box: SecretBox | undefined, stored: string): string {
  // Without a box (a service built bare, in tests) a sealed value cannot be opened either.
  const sealed = box ? box.isSealed(stored) : stored.startsWith('sb1:');
  if (!sealed) return stored;
  try {
    if (!box) throw new Error('no secret box');
    return box.open(stored);
  } catch {
    throw new AppError('SECRET_UNREADABLE');
  }
}

/** Seals a secret to store; the empty secret ("none set") stays empty, so that `secretSet` stays false. */
export function sealSecret(box: SecretBox, plaintext: string): string {
  return plaintext === '' ? '' : box.seal(plaintext);
}

/**
 * The secrets of an API configuration to store: what was entered is sealed, what was kept (the stored,
 * sealed value) stays as it is — so the audit trail sees no change of a secret nobody touched.
 */
export function sealEnteredSecrets(
  box: SecretBox,
  secrets: Record<string, string>,
  stored: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).map(([field, value]) => [
      field,
      value === stored[field] && box.isSealed(value) ? value : sealSecret(box, value),
    ]),
  );
}
