/** The identity server's signing keys: created once, shared by instances, kept over restarts, rotated. */
import { isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { oidcSigningKeys } from '../../db/schema/index';
import { describeEachEngine } from '../../test/app';
import { testSecretBox } from '../../test/secrets';
import { loadSigningKeys, rotateSigningKeys } from './signing-keys';

describeEachEngine('signing keys', (ctx) => {
  const publishedKids = async (app = ctx().app) => {
    const response = await app.inject({
      method: 'GET',
      url: '/oidc/jwks',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json<{ keys: { kid: string; d?: string }[] }>();
    expect(keys.every((key) => key.d === undefined)).toBe(true); // public parts only
    return keys.map((key) => key.kid);
  };

  it('creates one key on first start and publishes it without its private part', async () => {
    const active = await ctx()
      .database.db.select()
      .from(oidcSigningKeys)
      .where(isNull(oidcSigningKeys.retiredAt));
    expect(active).toHaveLength(1);
    expect(await publishedKids()).toEqual([active[0]!.kid]);
  });

  it('gives a restarted or second instance the same keys', async () => {
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: ctx().database,
      logger: false,
    });
    await second.ready();
    try {
      expect(await publishedKids(second)).toEqual(await publishedKids());
      expect((await loadSigningKeys(ctx().database, testSecretBox())).map((key) => key.kid)).toEqual(
        await publishedKids(),
      );
    } finally {
      await second.close();
    }
  });

  it('rotates: the new key signs first, the previous still verifies, older ones retire', async () => {
    const [original] = await publishedKids();
    const first = await rotateSigningKeys(ctx().database.db, testSecretBox());
    const second = await rotateSigningKeys(ctx().database.db, testSecretBox());
    expect(second.retired).toBe(1);
    const restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: ctx().database,
      logger: false,
    });
    await restarted.ready();
    try {
      expect(await publishedKids(restarted)).toEqual([second.added, first.added]);
      expect(await publishedKids(restarted)).not.toContain(original);
    } finally {
      await restarted.close();
    }
  });
});
