/** Builds the Fastify application from its parts; `main.ts` decides where it listens. */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Actor } from './modules/audit/audit.service';
import { healthRoutes } from './modules/health/health.routes';
import { jurisdictionsRoutes } from './modules/jurisdictions/jurisdictions.routes';
import { createJurisdictionsService } from './modules/jurisdictions/jurisdictions.service';
import { errorHandlerPlugin } from './plugins/error-handler';
import { languagePlugin } from './plugins/language';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user making the request, or null. */
    actor: Actor | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Directory of the built web app; omitted, only the API is served. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export async function buildApp({ config, database, webDistDir, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { database });
  const { db } = database;
  await app.register(jurisdictionsRoutes, {
    prefix: '/api/jurisdictions',
    service: createJurisdictionsService(db),
  });

  await app.register(spaPlugin, { distDir: webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
