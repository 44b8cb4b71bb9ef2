/** OpenAPI 3 from the routes' zod schemas, at /api/openapi.json, browsable at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Back Office API',
          description: 'Configuration, reporting and player support of the casino game platform.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/api/openapi.json', { config: { access: 'authenticated' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
    // The browsable docs are for signed-in staff, like the API they describe.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'authenticated' };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  },
  { name: 'openapi' },
);
