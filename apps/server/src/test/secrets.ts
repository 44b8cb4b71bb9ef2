/** The secret box of test apps (the configuration's default key), for code that tests call without an app. */
import { loadConfig } from '../config';
import { createSecretBox, type SecretBox } from '../lib/secret-box';

export function testSecretBox(): SecretBox {
  return createSecretBox(loadConfig({ NODE_ENV: 'test' }).secretsKeys);
}

/** A stored secret as entered, for tests that check what was stored (sealed values opened, others as they are). */
export function opened(stored: string): string {
  const box = testSecretBox();
  return box.isSealed(stored) ? box.open(stored) : stored;
}

/** A stored map of secrets (`{ field: secret }`) as entered. */
export function openedSecrets(stored: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(stored).map(([field, value]) => [field, opened(value)]));
}
