/**
 * The five routes of a configuration area (list, get, create, change, delete), declared once: every area
 * answers the same way — 201 on create, the record at its new version on change, 204 on delete at the
 * version read — and documents the same error answers. An area with fewer (allowed hashes are never
 * edited) names those it has, and registers its own next to them.
 */
import { expectedVersionSchema } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../modules/audit/audit.service';
import { principalOf } from '../plugins/access';
import type { Permission } from '@backoffice/contracts';
import { errorResponses } from './http-schemas';
import type { Scope } from './scope';

export interface CrudService<Item, Query, Create, Update, Id> {
  list(query: Query): Promise<{ items: Item[]; total: number; page: number; pageSize: number }>;
  get(id: Id): Promise<Item>;
  create(input: Create, actor: Actor | null): Promise<Item>;
  update(id: Id, input: Update, actor: Actor | null): Promise<Item>;
  /** `scope`: what the caller may see of the records that keep it from being deleted. */
  delete(id: Id, version: number, actor: Actor | null, scope: Scope): Promise<void>;
}

export type CrudRoute = keyof CrudService<unknown, unknown, unknown, unknown, unknown>;

const allRoutes: readonly CrudRoute[] = ['list', 'get', 'create', 'update', 'delete'];

export interface CrudDefinition<
  Item extends z.ZodType,
  Query extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Id extends z.ZodType,
  Route extends CrudRoute,
> {
  /** OpenAPI tag and the record's name in summaries ("game studio"). */
  tag: string;
  noun: string;
  read: Permission;
  write: Permission;
  /** The change's schema only where the area has the change route. */
  schemas: { id: Id; item: Item; page: z.ZodType; query: Query; create: Create } & ('update' extends Route
    ? { update: Update }
    : { update?: never });
  /** The routes the area has; all five unless named. */
  routes?: readonly Route[];
  /** A route's summary where the area says more than the noun's. */
  summaries?: Partial<Record<Route, string>>;
  /** Changes are dangerous: they need a recent proof of the strongest factor (issue 15 step-up). */
  stepUp?: boolean;
}

export function crudRoutes<
  Item extends z.ZodType,
  Query extends z.ZodType,
  Create extends z.ZodType,
  Id extends z.ZodType,
  Update extends z.ZodType = z.ZodNever,
  Route extends CrudRoute = CrudRoute,
>(
  definition: CrudDefinition<Item, Query, Create, Update, Id, Route>,
): FastifyPluginAsyncZod<{
  service: Pick<
    CrudService<z.output<Item>, z.output<Query>, z.output<Create>, z.output<Update>, z.output<Id>>,
    Route
  >;
}> {
  const { tag, noun, schemas, routes = allRoutes, summaries = {} } = definition;
  const tags = [tag];
  const params = z.object({ id: schemas.id });
  // A list page or a record is the configuration alone: its answer is kept until that changes.
  const read = { access: definition.read, keptAnswer: true };
  const write = { access: definition.write, ...(definition.stepUp ? { stepUp: true as const } : {}) };
  const has = (route: CrudRoute) => (routes as readonly CrudRoute[]).includes(route);
  const summary = (route: CrudRoute, otherwise: string) =>
    (summaries as Partial<Record<CrudRoute, string>>)[route] ?? otherwise;

  type Params = { id: z.output<Id> };
  return async (typed, options) => {
    // The schemas validate and serialise at run time; generic schemas defeat the type provider's
    // inference, so the handlers read their (already validated) input through plain Fastify types.
    const app = typed as unknown as FastifyInstance;
    // Only the routes the area has are registered: only its methods are called.
    const service = options.service as CrudService<
      z.output<Item>,
      z.output<Query>,
      z.output<Create>,
      z.output<Update>,
      z.output<Id>
    >;
    if (has('list')) {
      app.get(
        '/',
        {
          config: read,
          schema: {
            tags,
            summary: summary('list', `List ${noun}s (paged, sorted, filtered)`),
            querystring: schemas.query,
            response: { 200: schemas.page, ...errorResponses(400, 401, 403) },
          },
        },
        (request) => service.list(request.query as z.output<Query>),
      );
    }

    if (has('get')) {
      app.get(
        '/:id',
        {
          config: read,
          schema: {
            tags,
            summary: summary('get', `Get a ${noun}`),
            params,
            response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404) },
          },
        },
        (request) => service.get((request.params as Params).id),
      );
    }

    if (has('create')) {
      app.post(
        '/',
        {
          config: write,
          schema: {
            tags,
            summary: summary('create', `Create a ${noun}`),
            body: schemas.create,
            response: { 201: schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await service.create(request.body as z.output<Create>, request.actor)),
      );
    }

    if (has('update')) {
      app.put(
        '/:id',
        {
          config: write,
          schema: {
            tags,
            summary: summary('update', `Change a ${noun} (at the version it was read)`),
            params,
            body: schemas.update,
            response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        (request) =>
          service.update((request.params as Params).id, request.body as z.output<Update>, request.actor),
      );
    }

    if (has('delete')) {
      app.delete(
        '/:id',
        {
          config: write,
          schema: {
            tags,
            summary: summary('delete', `Delete a ${noun} (at the version it was read)`),
            params,
            querystring: expectedVersionSchema,
            response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) => {
          const { version } = request.query as { version: number };
          const { scope } = principalOf(request);
          await service.delete((request.params as Params).id, version, request.actor, scope);
          return reply.code(204).send(null);
        },
      );
    }
  };
}
