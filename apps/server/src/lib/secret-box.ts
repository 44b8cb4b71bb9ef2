/**
 * Secrets at rest (issue 15): provider, operator and bridge secrets, the identity server's signing keys and
 * second-factor secrets are stored sealed with AES-256-GCM under SECRETS_KEY (never SESSION_SECRET). A
 * sealed value names its key (`sb1:<key id>:<iv.ciphertext.tag>`), so values sealed under an earlier key
 * (SECRETS_KEY_PREVIOUS) stay readable until `rotate-secrets` re-seals everything under the current one.
 */
import { decrypt, deriveKey, encrypt, sha256 } from './crypto';

const PREFIX = 'sb1';

export interface SecretBox {
  /** Seals a secret under the current key. */
  seal(plaintext: string): string;
  /** Opens a sealed secret with whichever configured key sealed it; throws for an unknown key. */
  open(sealed: string): string;
  /** Whether the value is sealed (by any key), not a plaintext. */
  isSealed(value: string): boolean;
  /** Whether the value is sealed under the current key (rotation leaves these alone). */
  isCurrent(value: string): boolean;
}

interface Key {
  id: string;
  key: Buffer;
}

function keyOf(material: string): Key {
  const key = deriveKey(material, 'secrets-at-rest');
  // The id names the key without revealing it: a hash of the derived key, shortened.
  return { id: sha256(key.toString('base64')).slice(0, 8), key };
}

export function createSecretBox(keys: { current: string; previous?: readonly string[] }): SecretBox {
  const current = keyOf(keys.current);
  const byId = new Map<string, Key>([current, ...(keys.previous ?? []).map(keyOf)].map((k) => [k.id, k]));
  const parts = (value: string) => {
    const [prefix, id, ...rest] = value.split(':');
    return prefix === PREFIX && id && rest.length === 1 ? { id, body: rest[0]! } : undefined;
  };
  return {
    seal: (plaintext) => `${PREFIX}:${current.id}:${encrypt(current.key, plaintext)}`,
    open(sealed) {
      const found = parts(sealed);
      if (!found) throw new Error('not a sealed secret');
      const key = byId.get(found.id);
      if (!key) throw new Error(`sealed under an unknown key (${found.id}): is SECRETS_KEY_PREVIOUS set?`);
      return decrypt(key.key, found.body);
    },
    isSealed: (value) => parts(value) !== undefined,
    isCurrent: (value) => parts(value)?.id === current.id,
  };
}
