/** Builds the Fastify application from its parts; `main.ts` decides where it listens. */
import { PLATFORM_API_PREFIX } from '@backoffice/contracts';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifySerializerCompiler,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ClientMetadata } from 'oidc-provider';
import type { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { allowedHashesRoutes } from './modules/allowed-hashes/allowed-hashes.routes';
import { createAllowedHashesService } from './modules/allowed-hashes/allowed-hashes.service';
import type { Actor } from './modules/audit/audit.service';
import { authRoutes, SESSION_COOKIE } from './modules/auth/auth.routes';
import { createOidcClient, type FetchImplementation, type OidcClient } from './modules/auth/oidc-client';
import { createSessionsService } from './modules/auth/sessions.service';
import { healthRoutes } from './modules/health/health.routes';
import { createEmbeddedIdentityService } from './modules/identity/identity.service';
import {
  BACKOFFICE_CLIENT_ID,
  createEmbeddedProvider,
  embeddedClientSecret,
  mountProvider,
} from './modules/identity/oidc-provider';
import { createSignInThrottle } from './modules/identity/sign-in-throttle';
import {
  secondFactorAccountRoutes,
  secondFactorAdminRoutes,
} from './modules/second-factor/second-factor.routes';
import { createSecondFactorService } from './modules/second-factor/second-factor.service';
import { secondFactorGatePlugin } from './plugins/second-factor-gate';
import { signInRoutes } from './modules/identity/sign-in.routes';
import { auditActorsRoutes } from './modules/audit/audit-actors.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { bridgeHealthRoutes } from './modules/bridges/bridge-health.routes';
import { bridgesRoutes } from './modules/bridges/bridges.routes';
import { createBridgesService } from './modules/bridges/bridges.service';
import { casinosRoutes } from './modules/casinos/casinos.routes';
import { createCasinosService } from './modules/casinos/casinos.service';
import { gameAssignmentsRoutes } from './modules/game-assignments/game-assignments.routes';
import { gameRoundsRoutes } from './modules/game-rounds/game-rounds.routes';
import { createGameRoundsRepository } from './modules/game-rounds/game-rounds.repository';
import { createGameRoundsService } from './modules/game-rounds/game-rounds.service';
import { gameProvidersRoutes } from './modules/game-providers/game-providers.routes';
import { createGameProvidersService } from './modules/game-providers/game-providers.service';
import { gameStudiosRoutes } from './modules/game-studios/game-studios.routes';
import { createGameStudiosService } from './modules/game-studios/game-studios.service';
import { gameVersionsRoutes } from './modules/game-versions/game-versions.routes';
import { createGameVersionsService } from './modules/game-versions/game-versions.service';
import { gamesRoutes } from './modules/games/games.routes';
import { createGamesService } from './modules/games/games.service';
import { integrationOptionsRoutes } from './modules/integration-options/integration-options.routes';
import { createIntegrationOptionsService } from './modules/integration-options/integration-options.service';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import {
  createIntegrationsService,
  type IntegrationsServiceOptions,
} from './modules/integrations/integrations.service';
import { jurisdictionsRoutes } from './modules/jurisdictions/jurisdictions.routes';
import { createJurisdictionsService } from './modules/jurisdictions/jurisdictions.service';
import { masterdataRoutes } from './modules/masterdata/masterdata.routes';
import { createMasterdataService } from './modules/masterdata/masterdata.service';
import { apiKeysRoutes } from './modules/platform/api-keys.routes';
import { createApiKeysService } from './modules/platform/api-keys.service';
import { platformRoutes } from './modules/platform/platform.routes';
import { reportDimensionsRoutes } from './modules/reports/report-dimensions.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportCache, keptReports, type ReportCacheLimits } from './modules/reports/report-cache';
import { createReportsService } from './modules/reports/reports.service';
import { significantEventsRoutes } from './modules/significant-events/significant-events.routes';
import { createSignificantEventsService } from './modules/significant-events/significant-events.service';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createCpvChecksService, type CpvChecksServiceOptions } from './modules/cpv/cpv-checks.service';
import { cpvRoutes } from './modules/cpv/cpv.routes';
import { createClosuresService, type ClosuresServiceOptions } from './modules/support/closures.service';
import { createPlayersService } from './modules/support/players.service';
import { createSavegamesService } from './modules/support/savegames.service';
import { supportRoutes } from './modules/support/support.routes';
import { startJobEngine, type JobEngine, type JobEngineOptions } from './jobs/engine';
import { productJobs } from './jobs/product-jobs';
import { CONFIG_DELIVERY_JOB, type DeliveryKicker } from './modules/integrations/config-delivery';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { accessPlugin } from './plugins/access';
import { accessDenialsPlugin } from './plugins/access-denials';
import { errorHandlerPlugin } from './plugins/error-handler';
import { languagePlugin } from './plugins/language';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { checkedAnswer } from './lib/json-text';
import { logSerializers } from './lib/log-serializers';
import { createSecretBox } from './lib/secret-box';
import { spaPlugin } from './plugins/spa';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';

/** Smaller answers gain less from compression than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size are compressed in one call, on the request's thread. The plugin's default on two
 * cores is 8 KB, above which an answer goes through a compression stream on the thread pool (its chunks,
 * the pool's hand-offs, a chunked answer). With a browser's accept-encoding, that made the load mix
 * (bench/load-mix) serve 658–779 req/s, against 723–916 with this limit (2026-11-29). One call costs
 * 20–140 µs for 1–60 KB of JSON at brotli 1 here, and 1.5 ms for 256 KB. The CSV downloads stream as before.
 */
export const COMPRESS_SYNC_BELOW_BYTES = 256 * 1024;
import { textGuardPlugin } from './plugins/text-guard';
import { createAnswerCache, KEPT_ENCODINGS, keptAnswerHooks } from './plugins/kept-answers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user making the request, or null. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every route with the access it declares (read after `ready()`), for checks and documentation. */
    routeTable: RouteOptions[];
    /** The job engine of this instance; null where the app runs without one (most tests). */
    jobs: JobEngine | null;
    /**
     * Resolves once every instance has heard the session changes committed so far (decision 030): what a
     * request that changes something waits for before it answers, and what a test that changes sessions or
     * users in the database directly waits for, as an instance would.
     */
    settleSessions: () => Promise<void>;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Directory of the built web app; omitted, only the API is served. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Further clients of the embedded identity server (another back office using it as external issuer). */
  extraOidcClients?: ClientMetadata[];
  /** Options of the integrations service (tests shorten the bridge client's timeouts). */
  integrations?: IntegrationsServiceOptions;
  /** Options of support's closes (tests shorten the bridge client's timeouts). */
  closures?: ClosuresServiceOptions;
  /** Options of CPV checks run in-process, without the job engine (tests shorten the timeouts). */
  cpv?: CpvChecksServiceOptions;
  /**
   * The job engine: started with the app (and stopped when it closes) when given — `main` does; tests run
   * jobs by hand or start it with short polling. Default: none.
   */
  jobs?: false | Pick<JobEngineOptions, 'work' | 'pollingSeconds'>;
  /** How many money report answers are kept in memory (decision 040); entries 0 keeps none. */
  reportCache?: ReportCacheLimits;
  /** Configuration answers kept in memory until it changes (decision 041); default true. */
  keptAnswers?: boolean;
  /**
   * Whether answers the database wrote as JSON are checked against their schema before they leave
   * (decision 042). Default: everywhere but in production, which sends them as written.
   */
  checkBuiltAnswers?: boolean;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The server's logger: no credentials, and errors without the data of failed statements. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: logSerializers,
  };
}

/**
 * Every answer is checked against its route's response schema and stripped to it: nothing the schema does
 * not name leaves, whatever a repository read. With zod's parse rather than the type provider's encode:
 * the response schemas hold no codecs and no transforms (encode would refuse those), so both give the same
 * answer, and encode walks every answer twice (a pass without checks first) — a seventh of a report's time.
 * A frozen answer (a kept report, frozen through and through: report-cache.ts) cannot have changed, so its
 * text is made once per route and sent again as it is.
 */
const responseSerializer: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  const frozen = new WeakMap<object, string>();
  return (data) => {
    const kept = typeof data === 'object' && data !== null && Object.isFrozen(data) ? data : undefined;
    const known = kept && frozen.get(kept);
    if (known !== undefined) return known;
    const text = JSON.stringify(checkedAnswer(schema, data, method, url));
    if (kept) frozen.set(kept, text);
    return text;
  };
};

export async function buildApp({
  config,
  database,
  webDistDir,
  logger,
  extraOidcClients,
  integrations,
  closures: closuresOptions,
  cpv: cpvOptions,
  jobs: jobOptions = false,
  reportCache,
  keptAnswers: keepingAnswers = true,
  checkBuiltAnswers = config.env !== 'production',
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  // No text/plain parsing: a browser sends text/plain across sites without asking (CSRF); we take JSON.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorateRequest('actor', null);
  // Kept by reference: plugins may still set a route's access after this hook has seen it.
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { db } = database;
  // One box per app: seals the secrets the services store, opens them where a call needs the plaintext.
  const secrets = createSecretBox(config.secretsKeys);
  const identity = createEmbeddedIdentityService(db);

  // The BFF's OpenID client: in-process to the embedded provider, over the network to an external one.
  const injectFetch: FetchImplementation = async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers: {
        ...Object.fromEntries(new Headers(init.headers).entries()),
        host: config.publicUrl.host,
        'x-forwarded-proto': config.publicUrl.protocol.replace(':', ''),
      },
      payload:
        typeof init.body === 'string' || init.body instanceof URLSearchParams ? String(init.body) : undefined,
    });
    return new Response(response.rawPayload.length ? response.rawPayload : null, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((v): [string, string] => [name, v]),
      ),
    });
  };
  let oidcClient: OidcClient | undefined;
  const oidc = () =>
    (oidcClient ??=
      config.oidc.kind === 'embedded'
        ? createOidcClient({
            config,
            clientId: BACKOFFICE_CLIENT_ID,
            clientSecret: embeddedClientSecret(config),
            fetch: injectFetch,
          })
        : createOidcClient({
            config,
            clientId: config.oidc.clientId,
            clientSecret: config.oidc.clientSecret,
          }));
  // Configuration answers kept until the configuration changes (decision 041), told of changes by the
  // sessions' listener; its two hooks go where they must run (below).
  const answerCache = keepingAnswers ? createAnswerCache() : undefined;
  const keptAnswers =
    answerCache && keptAnswerHooks(answerCache, { compressAbove: COMPRESS_THRESHOLD_BYTES });
  app.decorateRequest('keeping', null);
  const sessions = createSessionsService({
    database,
    config,
    oidc,
    log: app.log,
    holdInMemory: true,
    alsoHeard: answerCache,
  });

  // The embedded identity server answers its own endpoints before any of our hooks run.
  const provider =
    config.oidc.kind === 'embedded'
      ? await createEmbeddedProvider({ config, database, secrets, extraClients: extraOidcClients })
      : undefined;
  if (provider) mountProvider(app, provider);

  await app.register(cookie, { secret: config.sessionSecret });
  // An answer is kept as it was serialised, before compression: its hook comes first.
  if (keptAnswers) app.addHook('onSend', keptAnswers.keep);
  // Answers above 1 KB go out compressed when the browser takes it (brotli, else gzip); the web app's
  // files come pre-compressed from the build (plugins/spa.ts), and kept answers are compressed once and
  // kept so (plugins/kept-answers.ts): both are sent as they are.
  // The fastest levels: answers are compressed while the request waits (and a CSV of a million players
  // as it streams), on the cores the database needs too. Brotli 1 still shrinks JSON and CSV several fold;
  // its default here, 4, cost a core a quarter of a second per 200,000 CSV rows.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...KEPT_ENCODINGS],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    syncThreshold: COMPRESS_SYNC_BELOW_BYTES,
  });
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(textGuardPlugin);
  await app.register(accessPlugin, {
    allowedOrigins: [config.publicUrl.origin],
    authenticate: async (request) =>
      (await sessions.resolve(request.cookies[SESSION_COOKIE], { touch: true }))?.principal ?? null,
    settle: sessions.settle,
    announcementsMade: database.announcementsMade,
  });
  app.decorate('settleSessions', sessions.settle);
  app.addHook('onClose', () => sessions.close());
  await app.register(accessDenialsPlugin, { db });
  await app.register(secondFactorGatePlugin, { stepUpMaxAgeMs: config.session.stepUpMaxAgeMs });
  // After every check of who asks and what they may do.
  if (keptAnswers) app.addHook('preHandler', keptAnswers.serve);
  await app.register(openApiPlugin);
  // At the root: its timing hook applies to every route, also those registered before it.
  await app.register(metricsPlugin, { token: config.metricsToken, database });

  const throttle = createSignInThrottle(db);
  const secondFactors = createSecondFactorService({
    db,
    secretsKeys: config.secretsKeys,
    sessions,
    identity,
    throttle,
    managedByIssuer: config.oidc.kind === 'external',
  });
  if (provider) {
    await app.register(signInRoutes, { provider, identity, throttle, database, secondFactors });
  }
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { config, db, oidc, sessions, secondFactors });
  await app.register(jurisdictionsRoutes, {
    prefix: '/api/jurisdictions',
    service: createJurisdictionsService(database.plannedDb),
  });
  await app.register(bridgesRoutes, {
    prefix: '/api/bridges',
    service: createBridgesService(database.plannedDb, secrets),
  });
  await app.register(bridgeHealthRoutes, { prefix: '/api/bridges', db, secrets });
  // Activation changes start the delivery job once committed (issue 18); pointed at the engine below.
  const delivery: DeliveryKicker = { kick: () => undefined };
  await app.register(casinosRoutes, {
    prefix: '/api/casinos',
    service: createCasinosService(database.plannedDb, secrets, undefined, undefined, delivery),
  });
  await app.register(gameStudiosRoutes, {
    prefix: '/api/game-studios',
    service: createGameStudiosService(database.plannedDb),
  });
  await app.register(gameProvidersRoutes, {
    prefix: '/api/game-providers',
    service: createGameProvidersService(database.plannedDb, secrets),
  });
  await app.register(gamesRoutes, { prefix: '/api/games', service: createGamesService(db) });
  await app.register(gameVersionsRoutes, {
    prefix: '/api/game-versions',
    service: createGameVersionsService(db),
  });
  await app.register(integrationOptionsRoutes, {
    prefix: '/api/integration-options',
    service: createIntegrationOptionsService(database.plannedDb),
  });
  await app.register(allowedHashesRoutes, {
    prefix: '/api/cpv/allowed-hashes',
    service: createAllowedHashesService(database.plannedDb),
  });
  const integrationsService = createIntegrationsService(database.plannedDb, {
    ...integrations,
    secrets,
    delivery,
  });
  await app.register(integrationsRoutes, {
    prefix: '/api/integrations',
    service: integrationsService,
  });
  await app.register(apiKeysRoutes, { prefix: '/api/integrations', service: createApiKeysService(db) });
  await app.register(masterdataRoutes, { prefix: '/api/masterdata', service: createMasterdataService(db) });
  await app.register(gameAssignmentsRoutes, { prefix: '/api/game-assignments', db });
  await app.register(auditRoutes, { prefix: '/api/audit-entries', db });
  await app.register(auditActorsRoutes, { prefix: '/api/audit-entries/actors', db });
  const gameRounds = createGameRoundsService(db, database.plannedDb);
  await app.register(gameRoundsRoutes, {
    prefix: '/api/game-rounds',
    service: gameRounds,
    checkBuiltAnswers,
  });
  const closures = createClosuresService(db, createGameRoundsRepository(), { ...closuresOptions, secrets });
  await app.register(supportRoutes, {
    prefix: '/api/support',
    players: createPlayersService(db, gameRounds),
    closures,
    savegames: createSavegamesService(db),
  });
  const jobDefinitions = productJobs({
    closures,
    integrations: integrationsService,
    configDeliveryAlertMs: config.configDeliveryAlertMs,
    secrets,
  });
  const jobs =
    jobOptions === false
      ? null
      : await startJobEngine({ database, jobs: jobDefinitions, log: app.log, ...jobOptions });
  app.decorate('jobs', jobs);
  if (jobs) {
    delivery.kick = () => {
      // Requested already: if the engine cannot be asked now, the job's next minute delivers it.
      jobs.runNow(CONFIG_DELIVERY_JOB, null).catch((error: unknown) => {
        app.log.warn({ err: error }, 'configuration delivery requested, job not started');
      });
    };
    // Running jobs get half of the shutdown time to finish; then they are released for another instance.
    app.addHook('onClose', async () => jobs.stop(config.shutdownTimeoutMs / 2));
  }
  await app.register(jobsRoutes, { prefix: '/api/jobs', db, definitions: jobDefinitions, runner: jobs });
  await app.register(cpvRoutes, {
    prefix: '/api/cpv',
    service: createCpvChecksService(db, { ...cpvOptions, secrets }),
    ...(jobs ? { jobs } : {}),
  });
  await app.register(alertsRoutes, { prefix: '/api/alerts', service: createAlertsService(db) });
  await app.register(significantEventsRoutes, {
    prefix: '/api/significant-events',
    service: createSignificantEventsService(db),
  });
  await app.register(reportsRoutes, {
    prefix: '/api/reports',
    // The kept answers' check is one short statement: planned once per connection (decision 040).
    service: keptReports(createReportsService(db), createReportCache(database.plannedDb, reportCache)),
    db,
    // Looked up on each export (tests replace it to break a download off).
    copyOut: database.copyOut ? (query: string) => database.copyOut!(query) : undefined,
  });
  await app.register(reportDimensionsRoutes, { prefix: '/api/reports', db, access: 'viewReports' });
  await app.register(reportDimensionsRoutes, { prefix: '/api/game-rounds', db, access: 'viewGameRounds' });
  await app.register(platformRoutes, { prefix: PLATFORM_API_PREFIX, db });
  await app.register(usersRoutes, {
    prefix: '/api/users',
    service: createUsersService({ db: database.plannedDb, identity, sessions }),
  });
  await app.register(accountRoutes, {
    prefix: '/api/account',
    service: createAccountService({ db, identity, sessions, throttle }),
  });
  await app.register(secondFactorAccountRoutes, {
    prefix: '/api/account/second-factor',
    service: secondFactors,
  });
  await app.register(secondFactorAdminRoutes, { prefix: '/api/users', service: secondFactors });

  await app.register(spaPlugin, { distDir: webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
