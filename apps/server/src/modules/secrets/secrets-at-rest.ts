/**
 * Secrets at rest (issue 15) over all the places that keep them: bridges' shared secrets, game providers'
 * and casinos' API secrets, the identity server's signing keys, and (for rotation) second-factor secrets.
 * Two passes share one walk: at start, values an older version stored as entered are sealed; on
 * `rotate-secrets`, values sealed under an earlier key are re-sealed under the current one. Each pass is one
 * transaction with the rows locked, so a reader sees all values before or all after, and a pass that
 * fails (a value sealed under a key that is not configured) changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { rowsOf } from '../../lib/sql';
import { recordAudit } from '../audit/audit.service';

/** How many values a pass changed, per place. */
export interface SecretsPass {
  bridges: number;
  gameProviders: number;
  casinos: number;
  signingKeys: number;
  secondFactors: number;
  total: number;
}

/** What a pass makes of one stored value: the value to store instead, or undefined to leave it. */
type Reseal = (value: string) => string | undefined;

/** Applies `reseal` to every value of a string-map column (`{ field: secret }`); the new map if any changed. */
function resealMap(map: Record<string, string>, reseal: Reseal): Record<string, string> | undefined {
  let changed = false;
  const next = Object.fromEntries(
    Object.entries(map).map(([field, value]) => {
      const resealed = value === '' ? undefined : reseal(value);
      if (resealed === undefined) return [field, value];
      changed = true;
      return [field, resealed];
    }),
  );
  return changed ? next : undefined;
}

/**
 * One pass over every place; second-factor secrets only with a `resealFactor` of their own. A pass that
 * changed something is audited in its transaction (entity `secrets`, for user administrators).
 */
async function walk(
  db: Db,
  action: 'seal' | 'rotate',
  reseal: Reseal,
  resealFactor?: Reseal,
): Promise<SecretsPass> {
  return db.transaction(async (tx) => {
    const pass: SecretsPass = {
      bridges: 0,
      gameProviders: 0,
      casinos: 0,
      signingKeys: 0,
      secondFactors: 0,
      total: 0,
    };

    // The version and updated_at stay: the record's configuration did not change, and an editor holding
    // the record open must still be able to save it.
    const bridgeRows = rowsOf<{ id: string; secret: string }>(
      await tx.execute(sql`select id, secret from bridges where secret <> '' order by id for update`),
    );
    for (const row of bridgeRows) {
      const resealed = reseal(row.secret);
      if (resealed === undefined) continue;
      await tx.execute(sql`update bridges set secret = ${resealed} where id = ${row.id}`);
      pass.bridges++;
    }

    for (const [table, key] of [
      ['game_providers', 'gameProviders'],
      ['casinos', 'casinos'],
    ] as const) {
      const rows = rowsOf<{ id: string; secrets: Record<string, string> }>(
        await tx.execute(
          sql`select id, secrets from ${sql.identifier(table)} where secrets <> '{}'::jsonb order by id for update`,
        ),
      );
      for (const row of rows) {
        const resealed = resealMap(row.secrets, reseal);
        if (!resealed) continue;
        await tx.execute(
          sql`update ${sql.identifier(table)} set secrets = ${JSON.stringify(resealed)}::jsonb where id = ${row.id}`,
        );
        pass[key]++;
      }
    }

    // A signing key is a JWK object as entered, or its JSON sealed into a jsonb string.
    const keyRows = rowsOf<{ kid: string; private_jwk: unknown }>(
      await tx.execute(sql`select kid, private_jwk from oidc_signing_keys order by kid for update`),
    );
    for (const row of keyRows) {
      const stored = row.private_jwk;
      const resealed = reseal(typeof stored === 'string' ? stored : JSON.stringify(stored));
      if (resealed === undefined) continue;
      await tx.execute(
        sql`update oidc_signing_keys set private_jwk = ${JSON.stringify(resealed)}::jsonb where kid = ${row.kid}`,
      );
      pass.signingKeys++;
    }

    if (resealFactor) {
      const factorRows = rowsOf<{ user_id: string; secret: string }>(
        await tx.execute(sql`select user_id, secret from user_second_factors order by user_id for update`),
      );
      for (const row of factorRows) {
        const resealed = resealFactor(row.secret);
        if (resealed === undefined) continue;
        await tx.execute(
          sql`update user_second_factors set secret = ${resealed} where user_id = ${row.user_id}`,
        );
        pass.secondFactors++;
      }
    }

    pass.total = pass.bridges + pass.gameProviders + pass.casinos + pass.signingKeys + pass.secondFactors;
    if (pass.total > 0) {
      const { total: _total, ...counts } = pass;
      await recordAudit(tx, {
        actor: null,
        entityType: 'secrets',
        entityId: 'at-rest',
        action,
        before: null,
        after: counts,
      });
    }
    return pass;
  });
}

/**
 * Seals every secret still stored as entered (rows of a version before sealing, or written by an older
 * instance during a rolling deploy); sealed values stay as they are, so it can run at every start.
 * Second-factor secrets are sealed by their own service from the first row on, and are left to it.
 */
export function sealPlaintextSecrets(db: Db, box: SecretBox): Promise<SecretsPass> {
  return walk(db, 'seal', (value) => (box.isSealed(value) ? undefined : box.seal(value)));
}

/**
 * Re-seals under the current key every value sealed under an earlier one (which the box opens with the
 * SECRETS_KEY_PREVIOUS keys), and seals any value still stored as entered (second factors excepted, as
 * above). Throws, changing nothing, when a value is sealed under a key the box does not have.
 */
export function rotateSecrets(db: Db, box: SecretBox): Promise<SecretsPass> {
  const toCurrent: Reseal = (value) =>
    box.isSealed(value) && !box.isCurrent(value) ? box.seal(box.open(value)) : undefined;
  return walk(db, 'rotate', (value) => (box.isSealed(value) ? toCurrent(value) : box.seal(value)), toCurrent);
}
