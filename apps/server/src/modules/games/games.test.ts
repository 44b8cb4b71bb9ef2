import {
  errorMessage,
  type ErrorBody,
  type Game,
  type GameStudio,
  type GameVersion,
  type Jurisdiction,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEntries,
  gameProviders,
  games,
  gameStudios,
  gameVersionJurisdictions,
  gameVersions,
  jurisdictions,
} from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';
import { ENGLISH, UNKNOWN_UUID, expectError } from '../../test/api';

const BASE = '/api/games';

const paths = (body: ErrorBody) => [...new Set(body.details?.map((detail) => detail.path))];

/** Request helpers bound to one suite's app and database; `fixtures` holds the studios of the test. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);
  const fixtures = { alpha: '', beta: '' };

  async function ok<T>(options: InjectOptions, status = 200): Promise<T> {
    const response = await inject(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  /** Two studios and two providers ("House" sorts before "Relax Gaming"). */
  async function setUp() {
    fixtures.alpha = (
      await ok<GameStudio>(
        { method: 'POST', url: '/api/game-studios', payload: { name: 'Alpha Studio', relaxId: '' } },
        201,
      )
    ).id;
    fixtures.beta = (
      await ok<GameStudio>(
        { method: 'POST', url: '/api/game-studios', payload: { name: 'Beta Studio', relaxId: '' } },
        201,
      )
    ).id;
    await ok(
      {
        method: 'POST',
        url: '/api/game-providers',
        payload: {
          id: 'relax',
          name: 'Relax Gaming',
          api: 'relax',
          config: { apiUrl: 'https://relax.example.com' },
        },
      },
      201,
    );
    await ok(
      {
        method: 'POST',
        url: '/api/game-providers',
        payload: { id: 'house', name: 'House', api: 'internal', config: {} },
      },
      201,
    );
  }

  function gameBody(gameId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      gameId,
      name: `Game ${gameId}`,
      studioId: fixtures.alpha,
      providerId: 'relax',
      gameProviderGameId: '',
      theoreticalRtp: 96.5,
      maxExposureFactor: 5000,
      minBetCents: 10,
      requiredPropertyKeys: [],
      ...extra,
    };
  }

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  const created = (gameId: string, extra: Record<string, unknown> = {}) =>
    ok<Game>({ method: 'POST', url: BASE, payload: gameBody(gameId, extra) }, 201);

  const get = (gameId: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${BASE}/${gameId}`, headers });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function page(query: Record<string, string> = {}): Promise<Page<Game>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Game>>();
  }

  const ids = async (query: Record<string, string> = {}) => (await page(query)).items.map((g) => g.gameId);

  /** The body of an update of `game`: its current values with `changes` applied. */
  function updateBody(game: Game, changes: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: game.name,
      studioId: game.studioId,
      providerId: game.providerId,
      gameProviderGameId: game.gameProviderGameId,
      theoreticalRtp: game.theoreticalRtp,
      maxExposureFactor: game.maxExposureFactor,
      minBetCents: game.minBetCents,
      requiredPropertyKeys: game.requiredPropertyKeys,
      version: game.version,
      ...changes,
    };
  }

  const update = (gameId: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${gameId}`, payload, headers });

  const remove = (gameId: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${gameId}`, query: { version: String(version) }, headers });

  async function stored(gameId: string) {
    const [row] = await ctx().database.db.select().from(games).where(eq(games.gameId, gameId));
    return row;
  }

  const allGames = () => ctx().database.db.select().from(games).orderBy(games.gameId);

  const versionsOf = (gameId: string) =>
    ctx().database.db.select().from(gameVersions).where(eq(gameVersions.gameId, gameId));

  const allAudit = () => ctx().database.db.select().from(auditEntries).orderBy(auditEntries.id);

  const auditFor = (entityId: string) =>
    ctx()
      .database.db.select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, entityId))
      .orderBy(auditEntries.id);

  const version = (gameId: string, versionNumber: string, jurisdictionIds: string[] = []) =>
    ok<GameVersion>(
      {
        method: 'POST',
        url: '/api/game-versions',
        payload: {
          gameId,
          versionNumber,
          jurisdictionIds,
          betSizes: [0.1, 1],
          supportsVouchers: false,
          supportsFeatureTriggerVouchers: false,
          properties: { reels: '5' },
          frontendUrl: '',
          backendUrl: '',
        },
      },
      201,
    );

  const jurisdiction = (name: string) =>
    ok<Jurisdiction>({ method: 'POST', url: '/api/jurisdictions', payload: { name } }, 201);

  return {
    fixtures,
    inject,
    ok,
    setUp,
    gameBody,
    create,
    created,
    get,
    list,
    page,
    ids,
    updateBody,
    update,
    remove,
    stored,
    allGames,
    versionsOf,
    allAudit,
    auditFor,
    version,
    jurisdiction,
  };
}

describeEachEngine('games API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(gameVersionJurisdictions);
    await db.delete(gameVersions);
    await db.delete(games);
    await db.delete(gameStudios);
    await db.delete(gameProviders);
    await db.delete(jurisdictions);
    await h.setUp();
    await clearAuditTrail(db);
  });

  describe('create', () => {
    it('answers 201 with the game, its studio and provider names, and no versions', async () => {
      const response = await h.create(
        h.gameBody('aurora-spins', {
          name: '  Aurora Spins ',
          requiredPropertyKeys: ['reels', 'lines'],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const game = response.json<Game>();
      expect(Object.keys(game).sort()).toEqual([
        'createdAt',
        'gameId',
        'gameProviderGameId',
        'maxExposureFactor',
        'minBetCents',
        'name',
        'providerId',
        'providerName',
        'requiredPropertyKeys',
        'studioId',
        'studioName',
        'theoreticalRtp',
        'updatedAt',
        'version',
        'versionCount',
      ]);
      expect(game).toMatchObject({
        gameId: 'aurora-spins',
        name: 'Aurora Spins',
        studioId: h.fixtures.alpha,
        studioName: 'Alpha Studio',
        providerId: 'relax',
        providerName: 'Relax Gaming',
        theoreticalRtp: 96.5,
        maxExposureFactor: 5000,
        minBetCents: 10,
        requiredPropertyKeys: ['reels', 'lines'],
        versionCount: 0,
        version: 1,
      });
      expect(await h.stored('aurora-spins')).toMatchObject({
        name: 'Aurora Spins',
        theoreticalRtp: 96.5,
        requiredPropertyKeys: ['reels', 'lines'],
      });
      expect((await h.get('aurora-spins')).json()).toEqual(game);
    });

    it.each([
      ['empty', '', 'aurora'],
      ['blank', '   ', 'aurora'],
      ['entered', 'relax-77123', 'relax-77123'],
      ['entered with blanks around it', '  rx 9 ', 'rx 9'],
    ])('stores a provider game id %s as "%s"', async (_label, entered, expected) => {
      const game = await h.created('aurora', { gameProviderGameId: entered });
      expect(game.gameProviderGameId).toBe(expected);
      expect((await h.stored('aurora'))?.gameProviderGameId).toBe(expected);
    });

    it('refuses a game id that is taken with 409 GAME_ID_TAKEN, in German and English', async () => {
      await h.created('aurora', { name: 'First' });
      const german = expectError(await h.create(h.gameBody('aurora')), 409, 'GAME_ID_TAKEN');
      expect(german.message).toBe('Die Spiel-ID wird bereits verwendet.');
      const english = expectError(await h.create(h.gameBody(' aurora '), ENGLISH), 409, 'GAME_ID_TAKEN');
      expect(english.message).toBe('Game id already used.');
      expect(await h.allGames()).toHaveLength(1);
      expect((await h.stored('aurora'))?.name).toBe('First');
    });

    it.each(['-aurora', 'aurora spins', 'aurora/1', '', 'x'.repeat(65)])(
      'refuses the game id "%s" with 400 on body.gameId',
      async (gameId) => {
        const body = expectError(await h.create(h.gameBody(gameId)), 400, 'VALIDATION_FAILED');
        expect(paths(body)).toEqual(['body.gameId']);
        expect(await h.allGames()).toEqual([]);
      },
    );

    it('refuses an unknown studio with 404 GAME_STUDIO_NOT_FOUND and writes nothing', async () => {
      const body = expectError(
        await h.create(h.gameBody('aurora', { studioId: UNKNOWN_UUID })),
        404,
        'GAME_STUDIO_NOT_FOUND',
      );
      expect(body.message).toBe(errorMessage('GAME_STUDIO_NOT_FOUND', 'de'));
      expect(await h.allGames()).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses an unknown provider with 404 GAME_PROVIDER_BOUND_NOT_FOUND and writes nothing', async () => {
      const german = expectError(
        await h.create(h.gameBody('aurora', { providerId: 'nobody' })),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
      );
      expect(german.message).toBe('Der gebundene Spieleanbieter wurde nicht gefunden.');
      const english = expectError(
        await h.create(h.gameBody('aurora', { providerId: 'nobody' }), ENGLISH),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
      );
      expect(english.message).toBe('The bound game provider was not found.');
      expect(await h.allGames()).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses a studio id that is not a uuid with 400', async () => {
      const body = expectError(
        await h.create(h.gameBody('aurora', { studioId: 'alpha' })),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body)).toEqual(['body.studioId']);
    });

    it.each([96.5, 100, 0.01, 99.99, 50])('accepts a theoretical RTP of %s percent', async (rtp) => {
      const game = await h.created('aurora', { theoreticalRtp: rtp });
      expect(game.theoreticalRtp).toBe(rtp);
      expect((await h.get('aurora')).json<Game>().theoreticalRtp).toBe(rtp);
    });

    it.each([
      ['0', 0],
      ['100.01', 100.01],
      ['96.123 (3 decimals)', 96.123],
      ['-1', -1],
      ['101', 101],
      ['text', '96.5'],
      ['null', null],
    ])('refuses a theoretical RTP of %s with 400 on body.theoreticalRtp', async (_label, rtp) => {
      const body = expectError(
        await h.create(h.gameBody('aurora', { theoreticalRtp: rtp })),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body)).toEqual(['body.theoreticalRtp']);
      expect(await h.allGames()).toEqual([]);
    });

    it.each([1, 2, 10_000_000])('accepts a max exposure factor of %s', async (factor) => {
      expect((await h.created('aurora', { maxExposureFactor: factor })).maxExposureFactor).toBe(factor);
    });

    it.each([0, -5, 1.5, 10_000_001, '10'])(
      'refuses a max exposure factor of %s with 400',
      async (factor) => {
        const body = expectError(
          await h.create(h.gameBody('aurora', { maxExposureFactor: factor })),
          400,
          'VALIDATION_FAILED',
        );
        expect(paths(body)).toEqual(['body.maxExposureFactor']);
      },
    );

    it.each([0, 1, 250_000])('accepts a minimum bet of %s cents', async (cents) => {
      expect((await h.created('aurora', { minBetCents: cents })).minBetCents).toBe(cents);
    });

    it.each([-1, 2.5, '10'])('refuses a minimum bet of %s cents with 400', async (cents) => {
      const body = expectError(
        await h.create(h.gameBody('aurora', { minBetCents: cents })),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body)).toEqual(['body.minBetCents']);
    });

    it.each([
      ['a duplicate key', ['reels', 'lines', 'reels']],
      ['a key starting with a digit', ['5reels']],
      ['an empty key', ['']],
      ['a key with a blank', ['free spins']],
    ])('refuses required property keys with %s', async (_label, keys) => {
      const body = expectError(
        await h.create(h.gameBody('aurora', { requiredPropertyKeys: keys })),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body)[0]).toMatch(/^body\.requiredPropertyKeys/);
      expect(await h.allGames()).toEqual([]);
    });

    it('keeps the required property keys in the order entered', async () => {
      const game = await h.created('aurora', { requiredPropertyKeys: ['lines', 'reels', 'max.win'] });
      expect(game.requiredPropertyKeys).toEqual(['lines', 'reels', 'max.win']);
    });

    it.each([
      ['a blank name', { name: '  ' }, 'body.name'],
      ['a name of 201 characters', { name: 'n'.repeat(201) }, 'body.name'],
      ['no provider', { providerId: undefined }, 'body.providerId'],
    ])('refuses %s with 400', async (_label, extra, path) => {
      const body = expectError(await h.create(h.gameBody('aurora', extra)), 400, 'VALIDATION_FAILED');
      expect(paths(body)).toEqual([path]);
    });
  });

  describe('get', () => {
    it('answers 404 GAME_NOT_FOUND for an unknown game, in German and English', async () => {
      const german = expectError(await h.get('nothing'), 404, 'GAME_NOT_FOUND');
      expect(german.message).toBe('Das Spiel existiert nicht.');
      const english = expectError(await h.get('nothing', { 'accept-language': 'en' }), 404, 'GAME_NOT_FOUND');
      expect(english.message).toBe('Game does not exist.');
    });

    it('answers 400 on params.id for an id that breaks the pattern', async () => {
      const body = expectError(await h.get('-nope'), 400, 'VALIDATION_FAILED');
      expect(paths(body)).toEqual(['params.id']);
    });
  });

  describe('update', () => {
    it('changes every field and answers the new studio and provider names', async () => {
      const game = await h.created('aurora', { gameProviderGameId: 'rx-1' });
      const response = await h.update(
        'aurora',
        h.updateBody(game, {
          name: 'Aurora Spins Deluxe',
          studioId: h.fixtures.beta,
          providerId: 'house',
          gameProviderGameId: 'house-1',
          theoreticalRtp: 94.25,
          maxExposureFactor: 2500,
          minBetCents: 20,
          requiredPropertyKeys: ['reels'],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<Game>();
      expect(body).toMatchObject({
        gameId: 'aurora',
        name: 'Aurora Spins Deluxe',
        studioId: h.fixtures.beta,
        studioName: 'Beta Studio',
        providerId: 'house',
        providerName: 'House',
        gameProviderGameId: 'house-1',
        theoreticalRtp: 94.25,
        maxExposureFactor: 2500,
        minBetCents: 20,
        requiredPropertyKeys: ['reels'],
        version: 2,
        createdAt: game.createdAt,
      });
      expect(await h.stored('aurora')).toMatchObject({
        name: 'Aurora Spins Deluxe',
        providerId: 'house',
        version: 2,
      });
    });

    it('resets the provider game id to the game id when emptied', async () => {
      const game = await h.created('aurora', { gameProviderGameId: 'rx-1' });
      const body = await h.ok<Game>({
        method: 'PUT',
        url: `${BASE}/aurora`,
        payload: h.updateBody(game, { gameProviderGameId: '' }),
      });
      expect(body.gameProviderGameId).toBe('aurora');
    });

    it('cannot change the game id: a game id in the body is ignored', async () => {
      const game = await h.created('aurora');
      const response = await h.update('aurora', h.updateBody(game, { gameId: 'renamed', name: 'Renamed' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Game>()).toMatchObject({ gameId: 'aurora', name: 'Renamed', version: 2 });
      expect(await h.stored('renamed')).toBeUndefined();
      expect(await h.stored('aurora')).toMatchObject({ name: 'Renamed' });
      expect((await h.allGames()).map((row) => row.gameId)).toEqual(['aurora']);
    });

    it('refuses an unknown studio or provider with 404, changing nothing', async () => {
      const game = await h.created('aurora');
      const before = await h.stored('aurora');
      expectError(
        await h.update('aurora', h.updateBody(game, { studioId: UNKNOWN_UUID })),
        404,
        'GAME_STUDIO_NOT_FOUND',
      );
      expectError(
        await h.update('aurora', h.updateBody(game, { providerId: 'nobody' })),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
      );
      expect(await h.stored('aurora')).toEqual(before);
      expect((await h.auditFor('aurora')).map((entry) => entry.action)).toEqual(['create']);
    });

    it('refuses a stale version with 409 STALE_VERSION, changing nothing', async () => {
      const game = await h.created('aurora');
      await h.ok({ method: 'PUT', url: `${BASE}/aurora`, payload: h.updateBody(game, { name: 'Second' }) });
      const before = await h.stored('aurora');
      expectError(await h.update('aurora', h.updateBody(game, { name: 'Lost' })), 409, 'STALE_VERSION');
      expect(await h.stored('aurora')).toEqual(before);
      expect(before).toMatchObject({ name: 'Second', version: 2 });
    });

    it('answers 404 GAME_NOT_FOUND for an unknown game', async () => {
      const game = await h.created('aurora');
      expectError(await h.update('nothing', h.updateBody(game)), 404, 'GAME_NOT_FOUND');
      expect(await h.stored('nothing')).toBeUndefined();
    });

    it('validates the values as on create', async () => {
      const game = await h.created('aurora');
      const body = expectError(
        await h.update('aurora', h.updateBody(game, { theoreticalRtp: 96.123, minBetCents: -1 })),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body).sort()).toEqual(['body.minBetCents', 'body.theoreticalRtp']);
      expect(await h.stored('aurora')).toMatchObject({ theoreticalRtp: 96.5, minBetCents: 10, version: 1 });
    });
  });

  describe('list', () => {
    beforeEach(async () => {
      await h.created('aurora-spins', { name: 'Aurora Spins', theoreticalRtp: 96.5 });
      await h.created('book-of-gold', {
        name: 'Book of Gold',
        studioId: h.fixtures.beta,
        providerId: 'house',
        theoreticalRtp: 94.25,
      });
      await h.created('crystal', { name: 'Crystal Caverns', providerId: 'house', theoreticalRtp: 97 });
      await h.created('dragon', { name: 'Dragon Hoard', studioId: h.fixtures.beta, theoreticalRtp: 95 });
    });

    it('answers all games sorted by game id by default', async () => {
      const page = await h.page();
      expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(page.items.map((game) => game.gameId)).toEqual([
        'aurora-spins',
        'book-of-gold',
        'crystal',
        'dragon',
      ]);
    });

    it('pages through the games', async () => {
      const second = await h.page({ page: '2', pageSize: '3' });
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(second.items.map((game) => game.gameId)).toEqual(['dragon']);
    });

    it('filters by studio and by provider, counting only the matches', async () => {
      const byStudio = await h.page({ studioId: h.fixtures.alpha });
      expect(byStudio.items.map((game) => game.gameId)).toEqual(['aurora-spins', 'crystal']);
      expect(byStudio.total).toBe(2);
      const byProvider = await h.page({ providerId: 'house' });
      expect(byProvider.items.map((game) => game.gameId)).toEqual(['book-of-gold', 'crystal']);
      expect(byProvider.total).toBe(2);
      const both = await h.page({ studioId: h.fixtures.beta, providerId: 'relax' });
      expect(both.items.map((game) => game.gameId)).toEqual(['dragon']);
      expect(both.total).toBe(1);
      expect(await h.ids({ studioId: UNKNOWN_UUID })).toEqual([]);
    });

    it('searches game id and name case-insensitively', async () => {
      expect(await h.ids({ q: 'BOOK-OF' })).toEqual(['book-of-gold']);
      expect(await h.ids({ q: 'caverns' })).toEqual(['crystal']);
      expect(await h.ids({ q: 'hoard' })).toEqual(['dragon']);
      const gold = await h.page({ q: 'o' });
      expect(gold.total).toBe(3);
      expect(gold.items.map((game) => game.gameId)).toEqual(['aurora-spins', 'book-of-gold', 'dragon']);
      expect(await h.ids({ q: 'spins', providerId: 'house' })).toEqual([]);
    });

    it('sorts by studio name, ties by game id', async () => {
      expect(await h.ids({ sort: 'studioName' })).toEqual([
        'aurora-spins',
        'crystal',
        'book-of-gold',
        'dragon',
      ]);
      expect(await h.ids({ sort: 'studioName', order: 'desc' })).toEqual([
        'book-of-gold',
        'dragon',
        'aurora-spins',
        'crystal',
      ]);
    });

    it('sorts by provider name', async () => {
      expect(await h.ids({ sort: 'providerName' })).toEqual([
        'book-of-gold',
        'crystal',
        'aurora-spins',
        'dragon',
      ]);
      expect(await h.ids({ sort: 'providerName', order: 'desc' })).toEqual([
        'aurora-spins',
        'dragon',
        'book-of-gold',
        'crystal',
      ]);
    });

    it('sorts by theoretical RTP numerically', async () => {
      expect(await h.ids({ sort: 'theoreticalRtp' })).toEqual([
        'book-of-gold',
        'dragon',
        'aurora-spins',
        'crystal',
      ]);
      expect(await h.ids({ sort: 'theoreticalRtp', order: 'desc' })).toEqual([
        'crystal',
        'aurora-spins',
        'dragon',
        'book-of-gold',
      ]);
    });

    it('sorts by name', async () => {
      expect(await h.ids({ sort: 'name', order: 'desc' })).toEqual([
        'dragon',
        'crystal',
        'book-of-gold',
        'aurora-spins',
      ]);
    });

    it('answers the number of versions of each game', async () => {
      await h.version('aurora-spins', '1.0.0');
      await h.version('aurora-spins', '1.1.0');
      await h.version('dragon', '2.0');
      const counts = Object.fromEntries(
        (await h.page()).items.map((game) => [game.gameId, game.versionCount]),
      );
      expect(counts).toEqual({ 'aurora-spins': 2, 'book-of-gold': 0, crystal: 0, dragon: 1 });
      expect((await h.get('aurora-spins')).json<Game>().versionCount).toBe(2);
    });

    it.each([
      ['a studio id that is not a uuid', { studioId: 'alpha' }, 'querystring.studioId'],
      ['a provider id that breaks the pattern', { providerId: '-x' }, 'querystring.providerId'],
      ['an unknown sort field', { sort: 'versionCount' }, 'querystring.sort'],
    ])('refuses %s with 400', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(paths(body)).toEqual([path]);
    });
  });

  describe('delete', () => {
    it('deletes a game without versions with 204 and one audit entry', async () => {
      await h.created('aurora');
      const response = await h.remove('aurora', 1);
      expect(response.statusCode).toBe(204);
      expect(await h.stored('aurora')).toBeUndefined();
      expectError(await h.get('aurora'), 404, 'GAME_NOT_FOUND');
      const entries = await h.allAudit();
      expect(entries.map((entry) => `${entry.entityType}:${entry.entityId}:${entry.action}`)).toEqual([
        'game:aurora:create',
        'game:aurora:delete',
      ]);
    });

    it('removes its versions (and their jurisdictions) too, auditing each version and the game', async () => {
      const malta = await h.jurisdiction('Malta');
      await h.created('aurora');
      await h.created('other');
      const v1 = await h.version('aurora', '1.0.0', [malta.id]);
      const v2 = await h.version('aurora', '1.1.0');
      const kept = await h.version('other', '1.0.0', [malta.id]);
      const before = await h.allAudit();

      expect((await h.remove('aurora', 1)).statusCode).toBe(204);

      expect(await h.stored('aurora')).toBeUndefined();
      expect(await h.versionsOf('aurora')).toEqual([]);
      expect(
        await ctx()
          .database.db.select()
          .from(gameVersionJurisdictions)
          .where(inArray(gameVersionJurisdictions.gameVersionId, [v1.id, v2.id])),
      ).toEqual([]);
      expect((await h.versionsOf('other')).map((row) => row.id)).toEqual([kept.id]);

      const added = (await h.allAudit()).slice(before.length);
      expect(added).toHaveLength(3);
      expect(added.map((entry) => `${entry.entityType}:${entry.entityId}:${entry.action}`).sort()).toEqual(
        [`game-version:${v1.id}:delete`, `game-version:${v2.id}:delete`, 'game:aurora:delete'].sort(),
      );
      const v1Entry = added.find((entry) => entry.entityId === v1.id)!;
      expect(v1Entry.changes).toMatchObject({
        gameId: { before: 'aurora', after: null },
        versionNumber: { before: '1.0.0', after: null },
      });
      const gameEntry = added.find((entry) => entry.entityType === 'game')!;
      expect(gameEntry.changes).toMatchObject({ gameId: { before: 'aurora', after: null } });
      const account = (await h.inject({ method: 'GET', url: '/api/account' })).json<{ id: string }>();
      for (const entry of added) expect(entry.actorId).toBe(account.id);

      expect((await h.list()).json<Page<Game>>().items.map((game) => game.gameId)).toEqual(['other']);
    });

    it('refuses a stale delete with 409 STALE_VERSION and removes nothing', async () => {
      const game = await h.created('aurora');
      const v1 = await h.version('aurora', '1.0.0');
      await h.ok({ method: 'PUT', url: `${BASE}/aurora`, payload: h.updateBody(game, { name: 'Renamed' }) });
      const before = await h.allAudit();

      expectError(await h.remove('aurora', 1), 409, 'STALE_VERSION');

      expect(await h.stored('aurora')).toMatchObject({ name: 'Renamed', version: 2 });
      expect((await h.versionsOf('aurora')).map((row) => row.id)).toEqual([v1.id]);
      expect(await h.allAudit()).toEqual(before);
    });

    it('answers 404 GAME_NOT_FOUND for an unknown game', async () => {
      const body = expectError(await h.remove('nothing', 1, ENGLISH), 404, 'GAME_NOT_FOUND');
      expect(body.message).toBe('Game does not exist.');
      expect(await h.allAudit()).toEqual([]);
    });

    it('frees the game id', async () => {
      await h.created('aurora');
      await h.remove('aurora', 1);
      expect((await h.create(h.gameBody('aurora'))).statusCode).toBe(201);
    });
  });

  describe('audit trail', () => {
    it('records a create with every field and an update with only the changed ones', async () => {
      const game = await h.created('aurora', { requiredPropertyKeys: ['reels'] });
      await h.ok({
        method: 'PUT',
        url: `${BASE}/aurora`,
        payload: h.updateBody(game, { theoreticalRtp: 95, requiredPropertyKeys: ['reels', 'lines'] }),
      });
      const entries = await h.auditFor('aurora');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
      expect(entries[0]).toMatchObject({ entityType: 'game' });
      expect(entries[0]!.changes).toEqual({
        gameId: { before: null, after: 'aurora' },
        name: { before: null, after: 'Game aurora' },
        studioId: { before: null, after: h.fixtures.alpha },
        providerId: { before: null, after: 'relax' },
        gameProviderGameId: { before: null, after: 'aurora' },
        theoreticalRtp: { before: null, after: 96.5 },
        maxExposureFactor: { before: null, after: 5000 },
        minBetCents: { before: null, after: 10 },
        requiredPropertyKeys: { before: null, after: ['reels'] },
      });
      expect(entries[1]!.changes).toEqual({
        theoreticalRtp: { before: 96.5, after: 95 },
        requiredPropertyKeys: { before: ['reels'], after: ['reels', 'lines'] },
      });
    });

    it('appends nothing when a write fails', async () => {
      const game = await h.created('aurora');
      const before = await h.allAudit();
      expectError(await h.create(h.gameBody('aurora')), 409, 'GAME_ID_TAKEN');
      expectError(await h.create(h.gameBody('x', { studioId: UNKNOWN_UUID })), 404, 'GAME_STUDIO_NOT_FOUND');
      expectError(
        await h.create(h.gameBody('x', { providerId: 'nobody' })),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
      );
      expectError(await h.update('aurora', h.updateBody(game, { version: 3 })), 409, 'STALE_VERSION');
      expectError(await h.remove('aurora', 3), 409, 'STALE_VERSION');
      expect(await h.allAudit()).toEqual(before);
    });
  });

  describe('permissions', () => {
    it.each<Role>(['visitor', 'support', 'qa'])('%s may read but not write', async (role) => {
      const game = await h.created('aurora');
      const user = await ctx().signIn(role);
      expect((await user.inject({ method: 'GET', url: BASE })).statusCode).toBe(200);
      expect((await user.inject({ method: 'GET', url: `${BASE}/aurora` })).json()).toEqual(game);
      for (const request of [
        { method: 'POST', url: BASE, payload: h.gameBody('intruder') },
        { method: 'PUT', url: `${BASE}/aurora`, payload: h.updateBody(game, { name: 'Intruder' }) },
        { method: 'DELETE', url: `${BASE}/aurora`, query: { version: '1' } },
      ] as InjectOptions[]) {
        const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
        expect(body.message).toBe('Keine Berechtigung.');
      }
      expect((await h.allGames()).map((row) => [row.gameId, row.name, row.version])).toEqual([
        ['aurora', 'Game aurora', 1],
      ]);
    });

    it('accountant may not read; without a session the answer is 401', async () => {
      await h.created('aurora');
      const accountant = await ctx().signIn('accountant');
      expectError(await accountant.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(await accountant.inject({ method: 'GET', url: `${BASE}/aurora` }), 403, 'NO_PERMISSION');
      expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
      expectError(
        await ctx().app.inject({
          method: 'DELETE',
          url: `${BASE}/aurora`,
          query: { version: '1' },
          headers: { 'x-requested-with': 'backoffice' },
        }),
        401,
        'UNAUTHENTICATED',
      );
      expect(await h.stored('aurora')).toBeDefined();
    });
  });
});
