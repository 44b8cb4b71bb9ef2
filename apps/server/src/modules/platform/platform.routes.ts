/**
 * The ingest API of the game platform (`/api/platform/v1`). It is not for browsers: it has no session and
 * no CSRF header, and authenticates every request with an integration's API key (`Authorization: Bearer`).
 */
import {
  ingestResultSchema,
  playersBatchSchema,
  roundsBatchSchema,
  savegamesBatchSchema,
  supportFeedAckSchema,
  supportFeedQuerySchema,
  supportFeedSchema,
} from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/http-schemas';
import { acknowledgeSupportFeed, readSupportFeed } from '../support/support-feed';
import { authenticateApiKey } from './api-keys';
import { fastRoundsBatch } from './fast-rounds';
import { createIngestService } from './ingest.service';

/** Batches of 1,000 rounds with displayed outcomes stay well below this. */
const BODY_LIMIT = 8 * 1024 * 1024;

/** The text of each parsed body, for handing rounds that the fast check took as they are on unchanged. */
const bodyTexts = new WeakMap<object, string>();

/**
 * The JSON text of a batch's rounds when the body is still the object parsed from the request (the fast
 * check answers the very object; the schema answers a new one): the array's text within `{"rounds": […]}`.
 */
function roundsTextOf(body: object): string | undefined {
  const text = bodyTexts.get(body);
  return text === undefined ? undefined : text.slice(text.indexOf('['), text.lastIndexOf(']') + 1);
}

/** The integration whose API key signed each request in, set before the body is even read. */
const integrations = new WeakMap<FastifyRequest, string>();

function integrationOf(request: FastifyRequest): string {
  const integrationId = integrations.get(request);
  if (integrationId === undefined) throw new AppError('UNAUTHENTICATED');
  return integrationId;
}

export const platformRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const ingest = createIngestService(db);
  // Batches are large and only ever read through their schemas (which build new objects and drop unknown
  // keys such as __proto__), so the plain JSON parser is safe here and spares a second pass over the body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        const parsed: unknown = JSON.parse(body as string);
        if (typeof parsed === 'object' && parsed !== null) bodyTexts.set(parsed, body as string);
        done(null, parsed);
      } catch {
        done(new AppError('BAD_REQUEST'), undefined);
      }
    },
  );
  const route = {
    // Public for the session layer: the API key is checked here instead.
    config: { access: 'public' as const },
    bodyLimit: BODY_LIMIT,
    async onRequest(request: FastifyRequest) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const key = match ? await authenticateApiKey(db, match[1]!) : null;
      if (!key) throw new AppError('UNAUTHENTICATED');
      integrations.set(request, key.integrationId);
    },
  };
  const responses = { 200: ingestResultSchema, ...errorResponses(400, 401, 422) };

  app.post(
    '/players',
    {
      ...route,
      schema: {
        tags: ['Platform'],
        summary: 'Report players (up to 1,000; idempotent; the whole batch or nothing)',
        body: playersBatchSchema,
        response: responses,
      },
    },
    async (request) => ingest.ingestPlayers(integrationOf(request), request.body.players, request.language),
  );

  app.post(
    '/rounds',
    {
      ...route,
      // Most batches pass the fast check; the others get the schema's own answer (fast-rounds.ts).
      validatorCompiler: (definition) => {
        const full = validatorCompiler(definition as unknown as Parameters<typeof validatorCompiler>[0]);
        if (definition.httpPart !== 'body') return full;
        return (data: unknown) => {
          const fast = fastRoundsBatch(data);
          return fast ? { value: fast } : full(data);
        };
      },
      schema: {
        tags: ['Platform'],
        summary:
          'Report game rounds, new or changed (up to 1,000; idempotent; an update applies only when it moves the round forward)',
        body: roundsBatchSchema,
        response: responses,
      },
    },
    async (request) =>
      ingest.ingestRounds(
        integrationOf(request),
        request.body.rounds,
        request.language,
        roundsTextOf(request.body),
      ),
  );

  app.get(
    '/support-actions',
    {
      ...route,
      schema: {
        tags: ['Platform'],
        summary:
          "The integration's support actions (rounds closed, savegames deleted) not yet acknowledged, oldest first; they come again until acknowledged",
        querystring: supportFeedQuerySchema,
        response: { 200: supportFeedSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => readSupportFeed(db, integrationOf(request), request.query.limit),
  );

  app.post(
    '/support-actions/ack',
    {
      ...route,
      schema: {
        tags: ['Platform'],
        summary: 'Acknowledge the support actions up to and including a position (they are applied)',
        body: supportFeedAckSchema,
        response: { 200: z.object({ acknowledged: z.int() }), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      acknowledged: await acknowledgeSupportFeed(db, integrationOf(request), request.body.upTo),
    }),
  );

  app.post(
    '/savegames',
    {
      ...route,
      schema: {
        tags: ['Platform'],
        summary: 'Report savegames (up to 1,000; the latest savedAt of a player and game wins)',
        body: savegamesBatchSchema,
        response: responses,
      },
    },
    async (request) =>
      ingest.ingestSavegames(integrationOf(request), request.body.savegames, request.language),
  );
};
