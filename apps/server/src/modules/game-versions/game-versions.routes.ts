/**
 * `/api/game-versions`: the five configuration routes, and activating or deactivating a version (a CPV
 * mismatch may have deactivated it) with the permission that writes versions.
 */
import {
  gameVersionActivationSchema,
  gameVersionCreateSchema,
  gameVersionIdSchema,
  gameVersionListQuerySchema,
  gameVersionPageSchema,
  gameVersionSchema,
  gameVersionUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes';
import { errorResponses } from '../../lib/http-schemas';
import type { GameVersionsService } from './game-versions.service';

const tag = 'Game catalogue';
const write = { access: 'adjustGameLaunchParameters' as const };

const crud = crudRoutes({
  tag,
  noun: 'game version',
  read: 'viewGameConfigurations',
  write: write.access,
  schemas: {
    id: gameVersionIdSchema,
    item: gameVersionSchema,
    page: gameVersionPageSchema,
    query: gameVersionListQuerySchema,
    create: gameVersionCreateSchema,
    update: gameVersionUpdateSchema,
  },
});

const switches = [
  ['activate', 'Activate a game version (at the version it was read): new rounds can start with it again'],
  [
    'deactivate',
    'Deactivate a game version (at the version it was read): no new rounds start with it; open rounds can finish',
  ],
] as const;

export const gameVersionsRoutes: FastifyPluginAsyncZod<{ service: GameVersionsService }> = async (
  app,
  { service },
) => {
  await app.register(crud, { service });

  for (const [action, summary] of switches) {
    app.post(
      `/:id/${action}`,
      {
        config: write,
        schema: {
          tags: [tag],
          summary,
          params: z.object({ id: gameVersionIdSchema }),
          body: gameVersionActivationSchema,
          response: { 200: gameVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => service[action](request.params.id, request.body, request.actor),
    );
  }
};
