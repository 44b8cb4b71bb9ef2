/**
 * The player-data CSV: RFC 4180 quoting, the formula guard, ISO dates, the header, the order, the scope
 * (casino OR integration), keyset pages, and a failure after the first bytes that cuts the download off
 * without taking the server down.
 */
import { playerCsvColumns, type PlatformPlayer } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { UNLIMITED } from '../../lib/scope';
import { expectError } from '../../test/api';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { seedPlatformFixture } from '../../test/platform';
import { createIngestService } from '../platform/ingest.service';
import { CrlfRecords, csvField, csvLine, PLAYER_CSV_PAGE_SIZE, playerCsvStream } from './player-csv';

const URL = '/api/reports/players.csv';
const HEADER = playerCsvColumns.join(',');

/** CrlfRecords fed chunk by chunk, as COPY's stream gives them. */
function converted(chunks: string[]): string {
  const records = new CrlfRecords();
  return chunks.map((chunk) => records.convert(Buffer.from(chunk)).toString()).join('');
}

describe('CrlfRecords', () => {
  it('ends records with CRLF but keeps line breaks inside quoted fields, across chunk boundaries', () => {
    expect(converted(['a,"multi\nli', 'ne ""x"""\nb,c\n', '"d\n', '",e\n'])).toBe(
      'a,"multi\nline ""x"""\r\nb,c\r\n"d\n",e\r\n',
    );
  });

  it('keeps doubled quotes and quoted line feeds split over chunks', () => {
    expect(converted(['x,"a"', '"b"\n', '"\n\n', '\n",y', '\nz\n'])).toBe('x,"a""b"\r\n"\n\n\n",y\r\nz\r\n');
  });
});

describe('csvField', () => {
  it('leaves plain values as they are and writes null as an empty field', () => {
    expect(csvField('Anna')).toBe('Anna');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField('2024-05-06T07:08:09.123Z')).toBe('2024-05-06T07:08:09.123Z');
  });

  it('quotes values with quotes, commas, CR or LF and doubles the quotes (RFC 4180)', () => {
    expect(csvField('Müller, Jr.')).toBe('"Müller, Jr."');
    expect(csvField('Anna "Nan"')).toBe('"Anna ""Nan"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it('puts an apostrophe before values a spreadsheet would run as a formula', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField('=HYPERLINK("http://x.example","a, b")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""a, b"")"',
    );
    // Only the start counts.
    expect(csvField('a=b-c')).toBe('a=b-c');
  });

  it('ends every line with CRLF', () => {
    expect(csvLine(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});

const PLAYERS: Record<string, PlatformPlayer[]> = {
  'int-1': [
    {
      casinoId: 'casino-b',
      playerId: 'p-2',
      language: 'de',
      country: 'DE',
      email: 'anna@example.com',
      jurisdiction: '@mga',
      firstName: 'Anna "Nan"',
      lastName: 'Müller, Jr.',
      nickName: '=HYPERLINK("http://evil.example")',
      city: 'Line 1\nLine 2',
      dateOfBirth: '1990-02-03',
      gender: '-',
      registeredAt: '2024-05-06T09:08:09.123+02:00',
    },
    { casinoId: 'casino-a', playerId: 'p-9' },
    { casinoId: 'casino-a', playerId: 'p-10', firstName: 'Bert' },
  ],
  'int-2': [
    { casinoId: 'casino-c', playerId: 'p-1', firstName: 'Cleo', email: '+cleo@example.com' },
    { casinoId: 'casino-a', playerId: 'x-1', firstName: 'Through int-2' },
  ],
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The CSV's records (header first), split on CRLF outside quotes. */
function records(csv: string): string[] {
  const result: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < csv.length; index += 1) {
    const char = csv[index]!;
    if (char === '"') quoted = !quoted;
    if (!quoted && char === '\r' && csv[index + 1] === '\n') {
      result.push(current);
      current = '';
      index += 1;
      continue;
    }
    current += char;
  }
  expect(current, 'the CSV ends with CRLF').toBe('');
  return result;
}

/** The key (casino/player) of each record after the header. */
const keysOf = (csv: string) =>
  records(csv)
    .slice(1)
    .map((line) => line.split(',').slice(1, 3).join('/'));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

const silentLog = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describeEachEngine('player CSV', (ctx: () => TestContext) => {
  const db = () => ctx().database.db;
  const download = (as: Pick<TestContext, 'inject'> = ctx(), query: Record<string, string> = {}) =>
    as.inject({ method: 'GET', url: URL, query });

  beforeAll(async () => {
    await seedPlatformFixture(db(), {
      casinos: ['casino-a', 'casino-b', 'casino-c'],
      integrations: { 'int-1': ['casino-a', 'casino-b'], 'int-2': ['casino-c', 'casino-a'] },
      games: {},
    });
    const ingest = createIngestService(db());
    for (const [integrationId, players] of Object.entries(PLAYERS)) {
      await ingest.ingestPlayers(integrationId, players);
    }
  });

  it('downloads the players as a CSV file named after the UTC day', async () => {
    const response = await download();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="players-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = records(response.body);
    expect(lines[0]).toBe(HEADER);
    // Ordered by casino, then player id (as text).
    expect(keysOf(response.body)).toEqual([
      'casino-a/p-10',
      'casino-a/p-9',
      'casino-a/x-1',
      'casino-b/p-2',
      'casino-c/p-1',
    ]);
  });

  it('quotes, guards formulas and writes dates as ISO', async () => {
    const lines = records((await download()).body);
    const anna = lines.find((line) => line.startsWith('int-1,casino-b,p-2,'))!;
    const createdAt = anna.slice(anna.lastIndexOf(',') + 1);
    expect(createdAt).toMatch(ISO_INSTANT);
    expect(anna).toBe(
      [
        'int-1',
        'casino-b',
        'p-2',
        'de',
        'DE',
        'anna@example.com',
        "'@mga",
        '"Anna ""Nan"""',
        '"Müller, Jr."',
        '"\'=HYPERLINK(""http://evil.example"")"',
        '"Line 1\nLine 2"',
        '1990-02-03',
        "'-",
        '2024-05-06T07:08:09.123Z',
        createdAt,
      ].join(','),
    );
    // A player without details: empty fields, and the instant the back office stored them.
    expect(lines.find((line) => line.startsWith('int-1,casino-a,p-9,'))).toMatch(
      /^int-1,casino-a,p-9,{12}\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
    expect(lines.find((line) => line.startsWith('int-2,casino-c,p-1,'))).toContain(",'+cleo@example.com,");
  });

  it('filters by casino', async () => {
    const response = await download(ctx(), { casinoIds: 'casino-b,casino-c' });
    expect(keysOf(response.body)).toEqual(['casino-b/p-2', 'casino-c/p-1']);
  });

  describe('scope', () => {
    let casinoB: SignedIn;
    let int2: SignedIn;
    let both: SignedIn;
    beforeAll(async () => {
      casinoB = await ctx().signIn('accountant', { casinoIds: ['casino-b'] });
      int2 = await ctx().signIn('visitor', { integrationIds: ['int-2'] });
      both = await ctx().signIn('developer', { casinoIds: ['casino-b'], integrationIds: ['int-2'] });
    });

    it("lists only the players of the user's casinos or integrations", async () => {
      expect(keysOf((await download(casinoB)).body)).toEqual(['casino-b/p-2']);
      // The player of casino-a that came through int-2 belongs to int-2.
      expect(keysOf((await download(int2)).body)).toEqual(['casino-a/x-1', 'casino-c/p-1']);
      expect(keysOf((await download(both)).body)).toEqual(['casino-a/x-1', 'casino-b/p-2', 'casino-c/p-1']);
    });

    it('gives a casino filter outside the scope only the header', async () => {
      const response = await download(casinoB, { casinoIds: 'casino-c' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(`${HEADER}\r\n`);
      const unscoped = await ctx().signIn('accountant');
      expect((await download(unscoped)).body).toBe(`${HEADER}\r\n`);
    });
  });

  it('requires a session and the permission to view reports, and valid casino ids', async () => {
    expectError(await ctx().app.inject({ method: 'GET', url: URL }), 401, 'UNAUTHENTICATED');
    const support = await ctx().signIn('support');
    expectError(await download(support), 403, 'NO_PERMISSION');
    expectError(await download(ctx(), { casinoIds: 'casino a' }), 400, 'VALIDATION_FAILED');
  });

  it('is described in OpenAPI as a text/csv answer', async () => {
    const response = await ctx().inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, { get: { tags: string[]; responses: Record<string, { content?: object }> } }>;
    }>();
    const operation = document.paths[URL]!.get;
    expect(operation.tags).toEqual(['Reporting']);
    expect(Object.keys(operation.responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('reads page by page in key order, formatted by the database or (PostgreSQL) by COPY', async () => {
    const whole = (await download()).body;
    const copyOut = ctx().database.copyOut;
    for (const pageSize of [1, 2, 5, 6]) {
      const formatted = await playerCsvStream({ db: db(), scope: UNLIMITED, log: silentLog(), pageSize });
      expect(await readAll(formatted)).toBe(whole);
      if (!copyOut) continue;
      const copied = await playerCsvStream({
        db: db(),
        copyOut,
        scope: UNLIMITED,
        log: silentLog(),
        pageSize,
      });
      expect(await readAll(copied)).toBe(whole);
    }
  });

  it('logs a failure after the first bytes and ends the stream with it', async () => {
    let calls = 0;
    const failing = new Proxy(db(), {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: Parameters<Db['execute']>[0]) => {
          calls += 1;
          if (calls > 1) return Promise.reject(new Error('connection lost'));
          return target.execute(query);
        };
      },
    });
    const log = silentLog();
    const stream = await playerCsvStream({ db: failing, scope: UNLIMITED, log, pageSize: 2 });
    await expect(readAll(stream)).rejects.toThrow('connection lost');
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  describe('a large download', () => {
    beforeAll(async () => {
      // More than one page of the route; written directly, the content of each player does not matter.
      await db().execute(sql`insert into players (casino_id, player_id, integration_id, first_name)
        select 'casino-b', 'bulk-' || lpad(n::text, 6, '0'), 'int-1', 'Player ' || n
        from generate_series(1, ${PLAYER_CSV_PAGE_SIZE + 1}) as n`);
    });

    it('streams every player across pages', async () => {
      const response = await download(ctx(), { casinoIds: 'casino-b' });
      const keys = keysOf(response.body);
      expect(keys).toHaveLength(PLAYER_CSV_PAGE_SIZE + 2);
      expect(keys[0]).toBe('casino-b/bulk-000001');
      expect(keys.at(-2)).toBe(`casino-b/bulk-${String(PLAYER_CSV_PAGE_SIZE + 1).padStart(6, '0')}`);
      expect(keys.at(-1)).toBe('casino-b/p-2');
    });

    /** The real COPY, with what became of each COPY begun: read to its end, or cut off before it. */
    const watchedCopies = (copyOut: NonNullable<TestContext['database']['copyOut']>) => {
      const copies: { ended: boolean; destroyedEarly: boolean }[] = [];
      const watched = async (query: string) => {
        const copy = await copyOut(query);
        const seen = { ended: false, destroyedEarly: false };
        copy.once('end', () => (seen.ended = true));
        copy.once('close', () => (seen.destroyedEarly = !seen.ended));
        copies.push(seen);
        return copy;
      };
      return { copies, copyOut: watched };
    };

    it('reads a dropped small COPY page to its end (its connection goes back to the pool), and cuts the rest off', async () => {
      const database = ctx().database;
      if (!database.copyOut) return; // PGlite: no COPY, one connection
      const { copies, copyOut } = watchedCopies(database.copyOut);
      for (const dropped of ['before it was read', 'after its first bytes']) {
        copies.length = 0;
        const stream = await playerCsvStream({ db: db(), copyOut, scope: UNLIMITED, log: silentLog() });
        if (dropped === 'after its first bytes') {
          await new Promise((resolve) => stream.once('data', resolve));
        }
        stream.destroy();
        await vi.waitFor(() =>
          expect(
            copies.every((copy) => copy.ended),
            dropped,
          ).toBe(true),
        );
        // The first page only: the pages after it were never asked for.
        expect(copies, dropped).toEqual([{ ended: true, destroyedEarly: false }]);
      }
      const pool = database.poolUse!();
      await vi.waitFor(() => expect(database.poolUse!().idle).toBe(pool.total));

      // Past the small pages the rest comes in one COPY; dropped, it is cut off instead of read to its end.
      copies.length = 0;
      const stream = await playerCsvStream({ db: db(), copyOut, scope: UNLIMITED, log: silentLog() });
      let received = 0;
      let restStartedAt: number | undefined;
      await new Promise<void>((resolve) =>
        stream.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (copies.length === 6) restStartedAt ??= received;
          // Well into the rest (about 580 KB of it), far from its end.
          if (restStartedAt !== undefined && received - restStartedAt > 100_000) {
            stream.destroy();
            resolve();
          }
        }),
      );
      await vi.waitFor(() => expect(copies.at(-1)!.destroyedEarly).toBe(true));
      expect(copies.slice(0, 5).every((copy) => copy.ended && !copy.destroyedEarly)).toBe(true);
      await vi.waitFor(() => expect(database.poolUse!().idle).toBe(database.poolUse!().total));
    });

    it('copies no further page once the reader has left while the end of the next page was being looked up', async () => {
      const database = ctx().database;
      if (!database.copyOut) return; // PGlite: no COPY
      const { copies, copyOut } = watchedCopies(database.copyOut);
      // The database as it is, but each statement waits until let go: the first page needs none, and the
      // reader leaves while the ends of the first and second pages are being looked up, as a browser's
      // dropped download does.
      let statements = 0;
      let letGo: () => void = () => {};
      const held = new Promise<void>((resolve) => (letGo = resolve));
      const real = db();
      const slow = new Proxy(real, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver);
          return async (...args: Parameters<Db['execute']>) => {
            statements++;
            await held;
            return target.execute(...args);
          };
        },
      });
      const stream = await playerCsvStream({ db: slow, copyOut, scope: UNLIMITED, log: silentLog() });
      stream.resume();
      await vi.waitFor(() => expect(statements).toBe(1));
      const closed = new Promise((resolve) => stream.once('close', resolve));
      stream.destroy();
      letGo();
      await closed;
      // The first page was copied; the second's lookup finished, and nothing more was begun.
      await vi.waitFor(() => expect(database.poolUse!().idle).toBe(database.poolUse!().total));
      expect(statements).toBe(1);
      expect(copies).toEqual([{ ended: true, destroyedEarly: false }]);
    });

    it('cuts the download off when the database fails after the first bytes, and keeps serving', async () => {
      const database = ctx().database;
      const logged = vi.spyOn(ctx().app.log, 'error');
      let calls = 0;
      let restore: () => void;
      if (database.copyOut) {
        // PostgreSQL streams COPY: the connection breaks after its first chunk.
        const original = database.copyOut;
        database.copyOut = async (query) => {
          calls += 2;
          const copy = await original(query);
          const broken = new PassThrough();
          copy.once('data', (chunk) => {
            broken.write(chunk);
            copy.destroy();
            // A moment later: the first bytes were there when the download started.
            setImmediate(() => broken.destroy(new Error('connection lost')));
          });
          return broken;
        };
        restore = () => (database.copyOut = original);
      } else {
        // PGlite reads keyset pages: the second page fails.
        const target = db() as Db & { execute: Db['execute'] };
        const original = target.execute.bind(target);
        target.execute = ((query: Parameters<Db['execute']>[0]) => {
          calls += 1;
          return calls === 2 ? Promise.reject(new Error('connection lost')) : original(query);
        }) as Db['execute'];
        restore = () => delete (target as Partial<Db>).execute;
      }
      let outcome: unknown;
      try {
        outcome = await download(ctx(), { casinoIds: 'casino-b' }).then(
          (response) => response,
          (error: unknown) => error,
        );
      } finally {
        restore();
      }
      expect(calls).toBe(2);
      // The headers and the first page were on their way: the transfer breaks off instead of ending, so
      // the client never takes it for a complete file.
      expect(outcome).toBeInstanceOf(Error);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'player CSV failed after its first bytes; the download is cut off',
      );
      logged.mockRestore();
      const again = await download(ctx(), { casinoIds: 'casino-b' });
      expect(again.statusCode).toBe(200);
      expect(keysOf(again.body)).toHaveLength(PLAYER_CSV_PAGE_SIZE + 2);
    });

    it('answers 503 when the database connection is lost before the first bytes', async () => {
      const database = ctx().database;
      const original = database.copyOut;
      const lost = Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
      if (original) {
        database.copyOut = async () => {
          const broken = new PassThrough();
          setImmediate(() => broken.destroy(lost));
          return broken;
        };
      } else {
        const target = db() as Db & { execute: Db['execute'] };
        target.execute = (() => Promise.reject(lost)) as unknown as Db['execute'];
      }
      try {
        expectError(await download(ctx(), { casinoIds: 'casino-b' }), 503, 'DATABASE_UNAVAILABLE');
      } finally {
        if (original) database.copyOut = original;
        else delete (db() as Partial<Db>).execute;
      }
      expect((await download(ctx(), { casinoIds: 'casino-b' })).statusCode).toBe(200);
    });
  });
});
