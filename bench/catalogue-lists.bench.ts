/**
 * The game catalogue's list pages on real PostgreSQL with 10,000 games and 100,000 versions, and the
 * integrations' list with 25 integrations of 400 games each: filtered, sorted pages through the services
 * (as the API serves them), against `select 1` through the same pool.
 */
import { sql } from 'drizzle-orm';
import { gameStudios } from '../apps/server/src/db/schema/index';
import { createGameVersionsService } from '../apps/server/src/modules/game-versions/game-versions.service';
import { createGamesService } from '../apps/server/src/modules/games/games.service';
import { createIntegrationsService } from '../apps/server/src/modules/integrations/integrations.service';
import { UNLIMITED } from '../apps/server/src/lib/scope';
import { createTestDatabase } from '../apps/server/src/test/databases';
import { report, time } from './lib/measure';

const GAMES = 10_000;
const VERSIONS_PER_GAME = 10;
const INTEGRATIONS = 25;

export async function run(): Promise<void> {
  const database = await createTestDatabase('postgres');
  const { db } = database;
  try {
    await db.execute(
      sql`insert into jurisdictions (name) select 'Jurisdiction ' || i from generate_series(1, 12) i`,
    );
    await db.execute(
      sql`insert into game_studios (name) select 'Studio ' || lpad(i::text, 3, '0') from generate_series(1, 40) i`,
    );
    await db.execute(
      sql`insert into game_providers (id, name, api) select 'provider-' || i, 'Provider ' || i, 'internal' from generate_series(1, 15) i`,
    );
    await db.execute(sql`
      insert into games (game_id, name, studio_id, provider_id, game_provider_game_id, theoretical_rtp,
                         max_exposure_factor, min_bet_cents, required_property_keys)
      select 'game-' || lpad(i::text, 5, '0'),
             (array['Aurora','Blazing','Crystal','Dragon','Emerald','Fortune','Golden','Lucky'])[1 + i % 8]
               || ' ' || (array['Spins','Reels','Riches','Quest','Gems','Fruits'])[1 + i % 6] || ' ' || i,
             (select id from game_studios order by name offset (i % 40) limit 1),
             'provider-' || (1 + i % 15),
             'p-' || i, 92 + (i % 700) / 100.0, 5000, 10, array['reels','lines']
      from generate_series(1, ${GAMES}) i`);
    await db.execute(sql`
      insert into game_versions (game_id, version_number, bet_sizes, properties, frontend_url)
      select g.game_id, '1.' || v || '.0', array[0.1, 0.2, 0.5, 1]::numeric[], '{"reels":"5"}'::jsonb,
             'https://cdn.example.com/' || g.game_id || '/' || v
      from games g cross join generate_series(1, ${VERSIONS_PER_GAME}) v`);
    await db.execute(sql`
      insert into game_version_jurisdictions (game_version_id, jurisdiction_id)
      select gv.id, j.id from game_versions gv
      join jurisdictions j on j.name in ('Jurisdiction ' || (1 + abs(hashtext(gv.id::text)) % 12))`);
    // Integrations as a list page shows them: the 10,000 games assigned among them (400 each) and 5 bound
    // casinos each; a row says whether the bridge holds the current document (its digest, issue 18).
    await db.execute(
      sql`insert into bridges (name, router_url, secret) values ('Bench bridge', 'http://127.0.0.1:9', 'x')`,
    );
    await db.execute(sql`
      insert into casinos (id, name, bridge_id, api, jurisdiction_id)
      select 'casino-' || i, 'Casino ' || i, (select id from bridges limit 1), 'seamlessWallet',
             (select id from jurisdictions order by name limit 1)
      from generate_series(1, ${INTEGRATIONS * 5}) i`);
    await db.execute(sql`
      insert into integrations (id, name, bridge_id, persistence)
      select 'integration-' || lpad(i::text, 2, '0'), 'Integration ' || i, (select id from bridges limit 1),
             '{"persistPlayer":true,"persistGameRound":true,"saveGameRoundDetails":false}'::jsonb
      from generate_series(1, ${INTEGRATIONS}) i`);
    await db.execute(sql`
      insert into integration_casinos (integration_id, casino_id)
      select i.id, 'casino-' || ((right(i.id, 2)::int - 1) * 5 + c)
      from integrations i cross join generate_series(1, 5) c`);
    await db.execute(sql`
      insert into integration_games (integration_id, game_id, active)
      select 'integration-' || lpad((1 + n % ${INTEGRATIONS})::text, 2, '0'), game_id, n % 3 > 0
      from (select game_id, row_number() over (order by game_id) as n from games) numbered`);
    // A few versions a CPV mismatch deactivated: every document lists them.
    await db.execute(
      sql`update game_versions set active = false where version_number = '1.1.0' and game_id like '%7'`,
    );
    await db.execute(sql`analyze`);

    const games = createGamesService(db);
    const integrations = createIntegrationsService(db);
    const versions = createGameVersionsService(db);
    const [studio] = await db
      .select({ id: gameStudios.id })
      .from(gameStudios)
      .orderBy(gameStudios.name)
      .limit(1);
    const base = { page: 1, pageSize: 20, order: 'asc' as const };

    const baseline = await time('baseline: select 1', 300, () => db.execute(sql`select 1`));
    const subjects = [
      await time('games: first page by name', 200, () => games.list({ ...base, sort: 'name' })),
      await time('games: search "dragon", by RTP desc', 200, () =>
        games.list({ ...base, sort: 'theoreticalRtp', order: 'desc', q: 'dragon' }),
      ),
      await time('games: one studio, by provider name', 200, () =>
        games.list({ ...base, sort: 'providerName', studioId: studio!.id }),
      ),
      await time('versions: first page by game', 200, () => versions.list({ ...base, sort: 'gameId' })),
      await time('versions: one game, by version desc', 200, () =>
        versions.list({ ...base, sort: 'versionNumber', order: 'desc', gameId: 'game-04711' }),
      ),
      await time('versions: search "1.7", by last change', 200, () =>
        versions.list({ ...base, sort: 'updatedAt', order: 'desc', q: '1.7' }),
      ),
      await time('integrations: first page of 25, each in sync or not', 200, () =>
        integrations.list({ ...base, pageSize: 25, sort: 'id' }, UNLIMITED),
      ),
    ];
    report(
      `Game catalogue lists on PostgreSQL, ${GAMES.toLocaleString('en')} games, ${(GAMES * VERSIONS_PER_GAME).toLocaleString('en')} versions`,
      baseline,
      subjects,
    );
  } finally {
    await database.destroy();
  }
}
