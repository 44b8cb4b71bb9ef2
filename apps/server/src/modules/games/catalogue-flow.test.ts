/** The catalogue end to end through the API: studio → provider → game → versions, and the audit trail. */
import type { AuditEntry, Game, GameProvider, GameStudio, GameVersion, Page } from '@backoffice/contracts';
import { SECRET_MASK } from '@backoffice/contracts';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/app';

describeEachEngine('catalogue flow', (ctx) => {
  const send = async (options: InjectOptions) => ctx().inject(options);
  async function ok<T>(options: InjectOptions, status = 200): Promise<T> {
    const response = await send(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  it('creates a studio, a provider, a game and two versions, refuses the catalogue errors, and audits all', async () => {
    const studio = await ok<GameStudio>(
      { method: 'POST', url: '/api/game-studios', payload: { name: 'Northern Lights', relaxId: 'nl-1' } },
      201,
    );
    const provider = await ok<GameProvider>(
      {
        method: 'POST',
        url: '/api/game-providers',
        payload: {
          id: 'relax',
          name: 'Relax Gaming',
          api: 'relax',
          config: { apiUrl: 'https://relax.example.com/api', apiSecret: 's3cret', operatorId: '42' },
        },
      },
      201,
    );
    expect(provider.config).toEqual({ apiUrl: 'https://relax.example.com/api', operatorId: '42' });
    expect(provider.secretsSet).toEqual(['apiSecret']);
    expect(JSON.stringify(provider)).not.toContain('s3cret');

    const game = await ok<Game>(
      {
        method: 'POST',
        url: '/api/games',
        payload: {
          gameId: 'aurora-spins',
          name: 'Aurora Spins',
          studioId: studio.id,
          providerId: provider.id,
          gameProviderGameId: '',
          theoreticalRtp: 96.5,
          maxExposureFactor: 5000,
          minBetCents: 10,
          requiredPropertyKeys: ['reels', 'lines'],
        },
      },
      201,
    );
    expect(game).toMatchObject({
      gameProviderGameId: 'aurora-spins',
      studioName: 'Northern Lights',
      theoreticalRtp: 96.5,
    });

    const versionBody = {
      gameId: game.gameId,
      versionNumber: '1.0.0',
      jurisdictionIds: [],
      betSizes: [1, 0.1, 0.5],
      supportsVouchers: true,
      supportsFeatureTriggerVouchers: false,
      properties: { reels: '5' },
      frontendUrl: 'https://cdn.example.com/aurora/1.0.0/',
      backendUrl: '',
    };
    const v1 = await ok<GameVersion>(
      { method: 'POST', url: '/api/game-versions', payload: versionBody },
      201,
    );
    expect(v1.betSizes).toEqual([0.1, 0.5, 1]);
    expect(v1.missingProperties).toEqual(['lines']);
    const duplicate = await send({ method: 'POST', url: '/api/game-versions', payload: versionBody });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('GAME_VERSION_TAKEN');
    await ok<GameVersion>(
      { method: 'POST', url: '/api/game-versions', payload: { ...versionBody, versionNumber: '1.1.0' } },
      201,
    );

    const list = await ok<Page<GameVersion>>({
      method: 'GET',
      url: '/api/game-versions',
      query: { gameId: 'aurora-spins', sort: 'versionNumber', order: 'desc' },
    });
    expect(list.items.map((v) => v.versionNumber)).toEqual(['1.1.0', '1.0.0']);

    const inUse = await send({
      method: 'DELETE',
      url: `/api/game-studios/${studio.id}`,
      query: { version: '1' },
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('GAME_STUDIO_IN_USE');

    // Secrets: left empty they stay; audit shows only that they changed.
    const changed = await ok<GameProvider>({
      method: 'PUT',
      url: `/api/game-providers/relax`,
      payload: {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/v2', apiSecret: '' },
        version: 1,
      },
    });
    expect(changed.secretsSet).toEqual(['apiSecret']);
    const notApplicable = await send({
      method: 'PUT',
      url: `/api/game-providers/relax`,
      payload: {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://x.example.com', nodeId: '7' },
        version: 2,
      },
    });
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json().code).toBe('GAME_PROVIDER_CONFIG_NOT_APPLICABLE');

    const rotated = await ok<GameProvider>({
      method: 'PUT',
      url: `/api/game-providers/relax`,
      payload: {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/v2', apiSecret: 'n3w' },
        version: 2,
      },
    });
    expect(rotated.version).toBe(3);
    const trail = await ok<Page<AuditEntry>>({
      method: 'GET',
      url: '/api/audit-entries',
      query: { entityType: 'game-provider', entityId: 'relax' },
    });
    expect(trail.items.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(trail.items[0]!.changes).toEqual({
      'secrets.apiSecret': { before: SECRET_MASK, after: SECRET_MASK },
    });
    expect(JSON.stringify(trail)).not.toMatch(/s3cret|n3w/);

    const all = await ok<Page<AuditEntry>>({
      method: 'GET',
      url: '/api/audit-entries',
      query: { pageSize: '100' },
    });
    expect(all.items.map((e) => `${e.entityType}:${e.action}`)).toEqual(
      expect.arrayContaining(['game-studio:create', 'game:create', 'game-version:create']),
    );

    const gone = await send({ method: 'DELETE', url: `/api/games/aurora-spins`, query: { version: '1' } });
    expect(gone.statusCode, gone.body).toBe(204);
    const after = await ok<Page<AuditEntry>>({
      method: 'GET',
      url: '/api/audit-entries',
      query: { entityType: 'game-version', pageSize: '100' },
    });
    expect(after.items.filter((e) => e.action === 'delete')).toHaveLength(2);
  });
});
