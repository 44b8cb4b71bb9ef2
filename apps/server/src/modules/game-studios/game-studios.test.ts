import { errorMessage, type GameStudio, type Page, type Role } from '@backoffice/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { gameProviders, gameStudios } from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import { ENGLISH, UNKNOWN_UUID, expectError, resetCatalogue, usageIn, usedByRecords } from '../../test/api';
import { auditEntriesOf, auditEntryCount, changeEntries } from '../../test/databases';

const BASE = '/api/game-studios';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Request helpers bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  async function created(name: string, relaxId = ''): Promise<GameStudio> {
    const response = await create({ name, relaxId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GameStudio>();
  }

  const get = (id: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${BASE}/${id}`, headers });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function page(query: Record<string, string> = {}): Promise<Page<GameStudio>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<GameStudio>>();
  }

  async function listNames(query: Record<string, string> = {}): Promise<string[]> {
    return (await page(query)).items.map((item) => item.name);
  }

  const update = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  const remove = (id: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) }, headers });

  async function stored(id: string) {
    const [row] = await ctx().database.db.select().from(gameStudios).where(eq(gameStudios.id, id));
    return row;
  }

  async function storedByName(name: string) {
    return ctx()
      .database.db.select()
      .from(gameStudios)
      .where(sql`lower(${gameStudios.name}) = lower(${name})`);
  }

  const auditFor = (id: string) => auditEntriesOf(ctx().database.db, id);

  const auditCount = () => auditEntryCount(ctx().database.db);

  /** A provider (created once per test) and a game of the studio bound to it. */
  async function gameOf(studioId: string, gameId: string) {
    const [provider] = await ctx().database.db.select().from(gameProviders);
    if (!provider) {
      const response = await inject({
        method: 'POST',
        url: '/api/game-providers',
        payload: { id: 'house', name: 'House', api: 'internal', config: {} },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const response = await inject({
      method: 'POST',
      url: '/api/games',
      payload: {
        gameId,
        name: gameId,
        studioId,
        providerId: 'house',
        gameProviderGameId: '',
        theoreticalRtp: 96,
        maxExposureFactor: 1000,
        minBetCents: 10,
        requiredPropertyKeys: [],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** Makes every audit insert for game studios fail at the database, for the duration of `fn`. */
  async function withFailingAudit(fn: () => Promise<void>) {
    const { db } = ctx().database;
    await db.execute(
      sql`alter table audit_entries add constraint test_reject_audit check (entity_type <> 'game-studio') not valid`,
    );
    try {
      await fn();
    } finally {
      await db.execute(sql`alter table audit_entries drop constraint test_reject_audit`);
    }
  }

  return {
    inject,
    create,
    created,
    get,
    list,
    page,
    listNames,
    update,
    remove,
    stored,
    storedByName,
    auditFor,
    auditCount,
    gameOf,
    withFailingAudit,
  };
}

describeEachEngine('game studios API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await resetCatalogue(db);
  });

  describe('create', () => {
    it('answers 201 with the new studio at version 1, without games', async () => {
      const response = await h.create({ name: 'Northern Lights', relaxId: 'nl-1' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<GameStudio>();
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'gameCount',
        'id',
        'name',
        'relaxId',
        'updatedAt',
        'version',
      ]);
      expect(body).toMatchObject({ name: 'Northern Lights', relaxId: 'nl-1', gameCount: 0, version: 1 });
      expect(body.id).toMatch(UUID);
      expect(body.updatedAt).toBe(body.createdAt);
      expect(await h.stored(body.id)).toMatchObject({ name: 'Northern Lights', relaxId: 'nl-1', version: 1 });
    });

    it('trims the name and the Relax id', async () => {
      const body = (await h.create({ name: '  Elk Studios ', relaxId: '  elk-7  ' })).json<GameStudio>();
      expect(body).toMatchObject({ name: 'Elk Studios', relaxId: 'elk-7' });
      expect(await h.stored(body.id)).toMatchObject({ name: 'Elk Studios', relaxId: 'elk-7' });
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
    ])('accepts an %s Relax id and stores it as empty', async (_label, relaxId) => {
      const response = await h.create({ name: 'Quickspin', relaxId });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<GameStudio>();
      expect(body.relaxId).toBe('');
      expect((await h.stored(body.id))?.relaxId).toBe('');
    });

    it.each([
      ['an empty name', { name: '', relaxId: '' }, 'body.name'],
      ['a blank name', { name: '   ', relaxId: '' }, 'body.name'],
      ['a name of 101 characters', { name: 'x'.repeat(101), relaxId: '' }, 'body.name'],
      ['a Relax id of 65 characters', { name: 'Valid', relaxId: 'r'.repeat(65) }, 'body.relaxId'],
      ['no Relax id at all', { name: 'Valid' }, 'body.relaxId'],
      ['a number as Relax id', { name: 'Valid', relaxId: 7 }, 'body.relaxId'],
    ])('refuses %s with 400 VALIDATION_FAILED and writes nothing', async (_label, payload, path) => {
      const body = expectError(await h.create(payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await ctx().database.db.select().from(gameStudios)).toEqual([]);
      expect(await h.auditCount()).toBe(0);
    });

    it('accepts a name of exactly 100 characters and a Relax id of 64', async () => {
      const name = 'N'.repeat(100);
      const relaxId = 'r'.repeat(64);
      expect(await h.created(name, relaxId)).toMatchObject({ name, relaxId });
    });

    it.each(['Hacksaw', 'HACKSAW', 'hacksaw', '  hAcKsAw  '])(
      'refuses "%s" when "Hacksaw" exists: 409 GAME_STUDIO_NAME_TAKEN, in German by default',
      async (duplicate) => {
        await h.created('Hacksaw');
        const body = expectError(
          await h.create({ name: duplicate, relaxId: '' }),
          409,
          'GAME_STUDIO_NAME_TAKEN',
        );
        expect(body).toEqual({
          statusCode: 409,
          code: 'GAME_STUDIO_NAME_TAKEN',
          message: errorMessage('GAME_STUDIO_NAME_TAKEN', 'de'),
        });
        expect(body.message).toBe('Der Name des Spielstudios ist bereits vergeben.');
        expect(await h.storedByName('hacksaw')).toHaveLength(1);
      },
    );

    it('lets exactly one of two concurrent creates of the same name through', async () => {
      const responses = await Promise.all([
        h.create({ name: 'Thunderkick', relaxId: '' }),
        h.create({ name: 'THUNDERKICK', relaxId: '' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const loser = responses.find((response) => response.statusCode === 409)!;
      expectError(loser, 409, 'GAME_STUDIO_NAME_TAKEN');
      const rows = await h.storedByName('thunderkick');
      expect(rows).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });

    it('lets exactly one of 8 concurrent creates of the same name through', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => h.create({ name: 'Nolimit', relaxId: '' })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        201,
        ...Array<number>(7).fill(409),
      ]);
      expect(await h.storedByName('Nolimit')).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });
  });

  describe('get', () => {
    it('answers the studio by id, with its game count', async () => {
      const studio = await h.created('Avatar', 'av');
      const response = await h.get(studio.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(studio);

      await h.gameOf(studio.id, 'avatar-one');
      await h.gameOf(studio.id, 'avatar-two');
      expect((await h.get(studio.id)).json<GameStudio>().gameCount).toBe(2);
    });

    it('answers 404 GAME_STUDIO_NOT_FOUND for an unknown id, in German and in English', async () => {
      const german = expectError(await h.get(UNKNOWN_UUID), 404, 'GAME_STUDIO_NOT_FOUND');
      expect(german.message).toBe('Das Spielstudio existiert nicht.');
      const english = expectError(await h.get(UNKNOWN_UUID, ENGLISH), 404, 'GAME_STUDIO_NOT_FOUND');
      expect(english.message).toBe('Game studio does not exist.');
      const viaHeader = expectError(
        await h.get(UNKNOWN_UUID, { 'accept-language': 'en-GB,en;q=0.9' }),
        404,
        'GAME_STUDIO_NOT_FOUND',
      );
      expect(viaHeader.message).toBe(errorMessage('GAME_STUDIO_NOT_FOUND', 'en'));
    });

    it.each(['not-a-uuid', '123', `${UNKNOWN_UUID}0`])('answers 400 on params.id for "%s"', async (id) => {
      const body = expectError(await h.get(id), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('update', () => {
    it('changes name and Relax id at the current version and raises the version', async () => {
      const studio = await h.created('Relax Studio', 'r1');
      const response = await h.update(studio.id, { name: ' Relax Studios ', relaxId: ' r2 ', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<GameStudio>();
      expect(body).toMatchObject({
        id: studio.id,
        name: 'Relax Studios',
        relaxId: 'r2',
        version: 2,
        gameCount: 0,
        createdAt: studio.createdAt,
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(studio.updatedAt));
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Relax Studios', relaxId: 'r2', version: 2 });
    });

    it('keeps answering the game count after a change', async () => {
      const studio = await h.created('Elk');
      await h.gameOf(studio.id, 'elk-one');
      const response = await h.update(studio.id, { name: 'Elk Studios', relaxId: '', version: 1 });
      expect(response.json<GameStudio>()).toMatchObject({ name: 'Elk Studios', gameCount: 1 });
    });

    it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
      const studio = await h.created('Quickspin', 'q1');
      expect(
        (await h.update(studio.id, { name: 'Quickspin AB', relaxId: 'q1', version: 1 })).statusCode,
      ).toBe(200);
      const before = await h.stored(studio.id);
      const audits = await h.auditCount();

      const stale = expectError(
        await h.update(studio.id, { name: 'Lost update', relaxId: 'lost', version: 1 }),
        409,
        'STALE_VERSION',
      );
      expect(stale.message).toBe(errorMessage('STALE_VERSION', 'de'));
      expectError(
        await h.update(studio.id, { name: 'From the future', relaxId: '', version: 3 }),
        409,
        'STALE_VERSION',
      );
      expect(await h.stored(studio.id)).toEqual(before);
      expect(before).toMatchObject({ name: 'Quickspin AB', version: 2 });
      expect(await h.auditCount()).toBe(audits);
    });

    it('refuses the name of another studio (any case) with 409 GAME_STUDIO_NAME_TAKEN', async () => {
      await h.created('Hacksaw');
      const other = await h.created('Nolimit');
      const body = expectError(
        await h.update(other.id, { name: ' HACKSAW ', relaxId: '', version: 1 }),
        409,
        'GAME_STUDIO_NAME_TAKEN',
      );
      expect(body.message).toBe(errorMessage('GAME_STUDIO_NAME_TAKEN', 'de'));
      const english = expectError(
        await h.update(other.id, { name: 'hacksaw', relaxId: '', version: 1 }, ENGLISH),
        409,
        'GAME_STUDIO_NAME_TAKEN',
      );
      expect(english.message).toBe('Game studio name already taken.');
      expect(await h.stored(other.id)).toMatchObject({ name: 'Nolimit', version: 1 });
    });

    it('allows changing only the case of the own name', async () => {
      const studio = await h.created('pragmatic');
      const response = await h.update(studio.id, { name: 'Pragmatic', relaxId: '', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GameStudio>()).toMatchObject({ name: 'Pragmatic', version: 2 });
    });

    it('answers 404 GAME_STUDIO_NOT_FOUND for an unknown id', async () => {
      expectError(
        await h.update(UNKNOWN_UUID, { name: 'Nowhere', relaxId: '', version: 1 }),
        404,
        'GAME_STUDIO_NOT_FOUND',
      );
    });

    it.each([
      ['a missing version', { name: 'Valid', relaxId: '' }, 'body.version'],
      ['version 0', { name: 'Valid', relaxId: '', version: 0 }, 'body.version'],
      ['a blank name', { name: ' ', relaxId: '', version: 1 }, 'body.name'],
    ])('refuses %s with 400 and leaves the studio unchanged', async (_label, payload, path) => {
      const studio = await h.created('Avatar');
      const body = expectError(await h.update(studio.id, payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Avatar', version: 1 });
    });

    it('refuses an id that is not a uuid with 400 on params.id', async () => {
      const body = expectError(
        await h.update('nope', { name: 'Valid', relaxId: '', version: 1 }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('delete', () => {
    it('deletes at the current version with 204, after which the studio is gone', async () => {
      const studio = await h.created('Avatar');
      const response = await h.remove(studio.id, 1);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await h.stored(studio.id)).toBeUndefined();
      expectError(await h.get(studio.id), 404, 'GAME_STUDIO_NOT_FOUND');
      expectError(await h.remove(studio.id, 1), 404, 'GAME_STUDIO_NOT_FOUND');
    });

    it('refuses while a game uses the studio with 409 GAME_STUDIO_IN_USE and keeps it', async () => {
      const studio = await h.created('Hacksaw');
      await h.gameOf(studio.id, 'wanted');
      await h.gameOf(studio.id, 'another');
      const german = expectError(await h.remove(studio.id, 1), 409, 'GAME_STUDIO_IN_USE');
      expect(german.message).toBe('Das Spielstudio ist einem Spiel zugeordnet.');
      // The answer says by what: the games, named to link to.
      expect(usageIn(german)).toEqual([
        usedByRecords('games', [
          ['another', 'another'],
          ['wanted', 'wanted'],
        ]),
      ]);
      const english = expectError(await h.remove(studio.id, 1, ENGLISH), 409, 'GAME_STUDIO_IN_USE');
      expect(english.message).toBe('Game studio assigned to a game.');
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Hacksaw', version: 1 });
      expect((await h.auditFor(studio.id)).map((entry) => entry.action)).toEqual(['create']);

      // Once the games are gone the studio can go.
      for (const gameId of ['wanted', 'another']) {
        expect(
          (await h.inject({ method: 'DELETE', url: `/api/games/${gameId}`, query: { version: '1' } }))
            .statusCode,
        ).toBe(204);
      }
      expect((await h.remove(studio.id, 1)).statusCode).toBe(204);
    });

    it('refuses a stale version with 409 STALE_VERSION and keeps the studio', async () => {
      const studio = await h.created('Elk');
      await h.update(studio.id, { name: 'Elk Studios', relaxId: '', version: 1 });
      expectError(await h.remove(studio.id, 1), 409, 'STALE_VERSION');
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Elk Studios', version: 2 });
    });

    it('refuses a delete without a version with 400 on querystring.version', async () => {
      const studio = await h.created('Elk');
      const body = expectError(
        await h.inject({ method: 'DELETE', url: `${BASE}/${studio.id}` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.version']);
      expect(await h.stored(studio.id)).toBeDefined();
    });

    it('answers 404 GAME_STUDIO_NOT_FOUND for an unknown id and 400 for a bad one', async () => {
      expectError(await h.remove(UNKNOWN_UUID, 1), 404, 'GAME_STUDIO_NOT_FOUND');
      expectError(await h.remove('bad-id', 1), 400, 'VALIDATION_FAILED');
    });

    it('frees the name for a new studio', async () => {
      const studio = await h.created('Avatar');
      await h.remove(studio.id, 1);
      expect((await h.create({ name: 'AVATAR', relaxId: '' })).statusCode).toBe(201);
    });
  });

  describe('list', () => {
    // name → relaxId; the relax ids sort differently from the names.
    const studios: [string, string][] = [
      ['Quickspin', 'r4'],
      ['Elk', 'r6'],
      ['Nolimit', ''],
      ['Hacksaw', 'r2'],
      ['Thunderkick', 'r1'],
      ['Avatar', 'r5'],
    ];
    const byName = studios.map(([name]) => name).sort();
    const byRelaxId = [...studios].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([name]) => name);

    beforeEach(async () => {
      for (const [name, relaxId] of studios) await h.created(name, relaxId);
    });

    it('answers the first 20 studios sorted by name ascending by default', async () => {
      const page = await h.page();
      expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      expect(page.items.map((item) => item.name)).toEqual(byName);
    });

    it('pages through the studios, counting all of them', async () => {
      const pages = [];
      for (const number of ['1', '2', '3', '4']) pages.push(await h.page({ page: number, pageSize: '2' }));
      expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
        [1, 2, 6],
        [2, 2, 6],
        [3, 2, 6],
        [4, 2, 6],
      ]);
      expect(pages.map((page) => page.items.map((item) => item.name))).toEqual([
        byName.slice(0, 2),
        byName.slice(2, 4),
        byName.slice(4, 6),
        [],
      ]);
    });

    it('sorts by name descending', async () => {
      expect(await h.listNames({ sort: 'name', order: 'desc' })).toEqual([...byName].reverse());
    });

    it('sorts by Relax id in both directions', async () => {
      expect(byRelaxId[0]).toBe('Nolimit');
      expect(await h.listNames({ sort: 'relaxId' })).toEqual(byRelaxId);
      expect(await h.listNames({ sort: 'relaxId', order: 'desc' })).toEqual([...byRelaxId].reverse());
    });

    it('sorts by update time', async () => {
      const [avatar] = (await h.page({ q: 'Avatar' })).items;
      await h.update(avatar!.id, { name: 'Avatar UX', relaxId: 'r5', version: 1 });
      expect((await h.listNames({ sort: 'updatedAt', order: 'desc' }))[0]).toBe('Avatar UX');
      expect((await h.listNames({ sort: 'updatedAt' })).at(-1)).toBe('Avatar UX');
    });

    it('searches the name case-insensitively, with total counting only the matches', async () => {
      const page = await h.page({ q: 'CK' });
      expect(page.items.map((item) => item.name)).toEqual(['Hacksaw', 'Quickspin', 'Thunderkick']);
      expect(page.total).toBe(3);
      expect(await h.listNames({ q: '  elk ' })).toEqual(['Elk']);
    });

    it('searches the Relax id too', async () => {
      expect(await h.listNames({ q: 'r2' })).toEqual(['Hacksaw']);
    });

    it('pages within the matches', async () => {
      const page = await h.page({ q: 'a', pageSize: '1', page: '2' });
      expect(page.total).toBe(2);
      expect(page.items.map((item) => item.name)).toEqual(['Hacksaw']);
    });

    it('matches LIKE wildcards literally', async () => {
      await h.created('100% Studio');
      await h.created('1000 Studio');
      expect(await h.listNames({ q: '0%' })).toEqual(['100% Studio']);
      expect(await h.listNames({ q: '_' })).toEqual([]);
    });

    it('answers an empty page when nothing matches', async () => {
      expect(await h.page({ q: 'Netent' })).toEqual({
        items: [],
        total: 0,
        totalCapped: false,
        page: 1,
        pageSize: 20,
      });
    });

    it('answers each studio with the number of its games', async () => {
      const { items } = await h.page();
      const hacksaw = items.find((item) => item.name === 'Hacksaw')!;
      const elk = items.find((item) => item.name === 'Elk')!;
      await h.gameOf(hacksaw.id, 'wanted');
      await h.gameOf(hacksaw.id, 'chaos-crew');
      await h.gameOf(elk.id, 'nitropolis');
      const counts = Object.fromEntries((await h.page()).items.map((item) => [item.name, item.gameCount]));
      expect(counts).toEqual({ Avatar: 0, Elk: 1, Hacksaw: 2, Nolimit: 0, Quickspin: 0, Thunderkick: 0 });
    });

    it.each([
      ['pageSize above 100', { pageSize: '101' }, 'querystring.pageSize'],
      ['page 0', { page: '0' }, 'querystring.page'],
      ['an unknown sort field', { sort: 'gameCount' }, 'querystring.sort'],
      ['an unknown order', { order: 'up' }, 'querystring.order'],
    ])('refuses %s with 400', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('permissions', () => {
    const writes = (studio: GameStudio): [string, InjectOptions][] => [
      ['POST', { method: 'POST', url: BASE, payload: { name: 'Intruder', relaxId: '' } }],
      [
        'PUT',
        {
          method: 'PUT',
          url: `${BASE}/${studio.id}`,
          payload: { name: 'Intruder', relaxId: '', version: 1 },
        },
      ],
      ['DELETE', { method: 'DELETE', url: `${BASE}/${studio.id}`, query: { version: '1' } }],
    ];

    it.each<Role>(['visitor', 'support', 'qa'])(
      '%s may read (200) but gets 403 NO_PERMISSION on every write, changing nothing',
      async (role) => {
        const studio = await h.created('Avatar');
        const user = await ctx().signIn(role);
        const listed = await user.inject({ method: 'GET', url: BASE });
        expect(listed.statusCode).toBe(200);
        expect(listed.json<Page<GameStudio>>().items.map((item) => item.id)).toEqual([studio.id]);
        const got = await user.inject({ method: 'GET', url: `${BASE}/${studio.id}` });
        expect(got.statusCode).toBe(200);
        expect(got.json()).toEqual(studio);

        for (const [method, request] of writes(studio)) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body, method).toEqual({
            statusCode: 403,
            code: 'NO_PERMISSION',
            message: 'Keine Berechtigung.',
          });
        }
        const english = expectError(
          await user.inject({ ...writes(studio)[0]![1], headers: ENGLISH }),
          403,
          'NO_PERMISSION',
        );
        expect(english.message).toBe('No permission.');
        expect(await ctx().database.db.select().from(gameStudios)).toEqual([await h.stored(studio.id)]);
        expect(await h.stored(studio.id)).toMatchObject({ name: 'Avatar', version: 1 });
        expect(await h.auditCount()).toBe(1);
      },
    );

    it('accountant gets 403 even on reads', async () => {
      const studio = await h.created('Avatar');
      const user = await ctx().signIn('accountant');
      expectError(await user.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(await user.inject({ method: 'GET', url: `${BASE}/${studio.id}` }), 403, 'NO_PERMISSION');
      for (const [, request] of writes(studio)) expectError(await user.inject(request), 403, 'NO_PERMISSION');
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Avatar', version: 1 });
    });

    it('developer may write', async () => {
      const user = await ctx().signIn('developer');
      const response = await user.inject({
        method: 'POST',
        url: BASE,
        payload: { name: 'Dev', relaxId: '' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const studio = response.json<GameStudio>();
      const entries = await h.auditFor(studio.id);
      expect(entries).toMatchObject([{ actorId: user.userId, actorName: user.username, action: 'create' }]);
    });

    it('answers 401 UNAUTHENTICATED without a session, on reads and writes', async () => {
      const studio = await h.created('Avatar');
      const requests: InjectOptions[] = [
        { method: 'GET', url: BASE },
        { method: 'GET', url: `${BASE}/${studio.id}` },
        ...writes(studio).map(([, request]) => request),
      ];
      for (const request of requests) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        const body = expectError(response, 401, 'UNAUTHENTICATED');
        expect(body.message).toBe('Bitte melden Sie sich an.');
      }
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Avatar', version: 1 });
      expect(await h.auditCount()).toBe(1);
    });
  });

  describe('audit trail', () => {
    it('appends one create entry with every field from nothing to its value, by the signed-in user', async () => {
      const studio = await h.created('Avatar', 'av-1');
      const entries = await h.auditFor(studio.id);
      expect(entries).toHaveLength(1);
      const account = (await h.inject({ method: 'GET', url: '/api/account' })).json<{
        id: string;
        username: string;
      }>();
      expect(entries[0]).toMatchObject({
        entityType: 'game-studio',
        entityId: studio.id,
        action: 'create',
        actorId: account.id,
        actorName: account.username,
      });
      expect(entries[0]!.changes).toEqual({
        id: { before: null, after: studio.id },
        name: { before: null, after: 'Avatar' },
        relaxId: { before: null, after: 'av-1' },
      });
    });

    it('appends one update entry with only the changed fields', async () => {
      const studio = await h.created('Avatar', 'av-1');
      await h.update(studio.id, { name: 'Avatar UX', relaxId: 'av-1', version: 1 });
      await h.update(studio.id, { name: 'Avatar UX', relaxId: 'av-2', version: 2 });
      const entries = await h.auditFor(studio.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
      expect(entries[1]!.changes).toEqual({ name: { before: 'Avatar', after: 'Avatar UX' } });
      expect(entries[2]!.changes).toEqual({ relaxId: { before: 'av-1', after: 'av-2' } });
    });

    it('appends one delete entry with every field from its last value to nothing', async () => {
      const studio = await h.created('Avatar', 'av-1');
      await h.update(studio.id, { name: 'Avatar UX', relaxId: 'av-1', version: 1 });
      expect((await h.remove(studio.id, 2)).statusCode).toBe(204);
      const entries = await h.auditFor(studio.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
      expect(entries[2]!.changes).toEqual({
        id: { before: studio.id, after: null },
        name: { before: 'Avatar UX', after: null },
        relaxId: { before: 'av-1', after: null },
      });
    });

    it('appends nothing when a write fails', async () => {
      const studio = await h.created('Avatar');
      const other = await h.created('Elk');
      await h.gameOf(other.id, 'nitropolis');
      const { db } = ctx().database;
      const before = await changeEntries(db);

      expectError(await h.create({ name: 'avatar', relaxId: '' }), 409, 'GAME_STUDIO_NAME_TAKEN');
      expectError(await h.create({ name: '', relaxId: '' }), 400, 'VALIDATION_FAILED');
      expectError(
        await h.update(studio.id, { name: 'ELK', relaxId: '', version: 1 }),
        409,
        'GAME_STUDIO_NAME_TAKEN',
      );
      expectError(await h.update(studio.id, { name: 'New', relaxId: '', version: 7 }), 409, 'STALE_VERSION');
      expectError(
        await h.update(UNKNOWN_UUID, { name: 'New', relaxId: '', version: 1 }),
        404,
        'GAME_STUDIO_NOT_FOUND',
      );
      expectError(await h.remove(studio.id, 7), 409, 'STALE_VERSION');
      expectError(await h.remove(other.id, 1), 409, 'GAME_STUDIO_IN_USE');
      expectError(await h.remove(UNKNOWN_UUID, 1), 404, 'GAME_STUDIO_NOT_FOUND');

      expect(await changeEntries(db)).toEqual(before);
    });

    it('rolls each write back when its audit entry cannot be written (same transaction)', async () => {
      const studio = await h.created('Avatar');
      await h.withFailingAudit(async () => {
        expectError(await h.create({ name: 'Elk', relaxId: '' }), 500, 'INTERNAL');
        expectError(
          await h.update(studio.id, { name: 'Avatar UX', relaxId: '', version: 1 }),
          500,
          'INTERNAL',
        );
        expectError(await h.remove(studio.id, 1), 500, 'INTERNAL');
      });
      expect(await h.storedByName('Elk')).toEqual([]);
      expect(await h.stored(studio.id)).toMatchObject({ name: 'Avatar', version: 1 });
      expect(await h.auditCount()).toBe(1);
    });
  });
});
