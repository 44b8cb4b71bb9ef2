/** "Check connection" of the bridge screen: one signed health call to the bridge, answered as it went. */
import { bridgeHealthSchema, bridgeIdSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/http-schemas';
import { openSecret } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { createBridgeClient, type BridgeClientOptions } from './bridge-client';
import { createBridgesRepository } from './bridges.repository';

export const bridgeHealthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Opens the bridge's sealed secret to sign the call (issue 15). */
  secrets: SecretBox;
  client?: BridgeClientOptions;
}> = async (app, { db, secrets, client: clientOptions }) => {
  const repository = createBridgesRepository();
  const client = createBridgeClient(clientOptions);
  app.post(
    '/:id/health-check',
    {
      config: { access: 'viewGameConfigurations' },
      schema: {
        tags: ['Operators'],
        summary: "Check the bridge's connection (a signed GET /health to its router URL)",
        params: z.object({ id: bridgeIdSchema }),
        response: { 200: bridgeHealthSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 502, 503, 504) },
      },
    },
    async (request) => {
      const bridge = await repository.findById(db, request.params.id);
      if (!bridge) throw new AppError('BRIDGE_NOT_FOUND');
      return client.health({ routerUrl: bridge.routerUrl, secret: openSecret(secrets, bridge.secret) });
    },
  );
};
