import {
  expectedVersionSchema,
  fxRateCreateSchema,
  fxRateImportResultSchema,
  fxRateImportSchema,
  fxRateListQuerySchema,
  fxRatePageSchema,
  fxRateSchema,
  fxRateUpdateSchema,
  globalSettingsSchema,
  globalSettingsUpdateSchema,
  typedCurrencyCodeSchema,
  type GlobalSettingsUpdate,
} from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import type { MasterdataService } from './masterdata.service';

const tags = ['Master data'];
/** Exchange rates are read by those who see reports; global settings by those who see configurations. */
const readRates = { access: 'viewReports' as const };
const readSettings = { access: 'viewGameConfigurations' as const };
const write = { access: 'adjustGameLaunchParameters' as const };

const rateParams = z.object({
  day: z.iso.date(),
  currency: typedCurrencyCodeSchema,
});

/** An import of the largest size the contract allows, as JSON (escaped line breaks included). */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

export const masterdataRoutes: FastifyPluginAsyncZod<{ service: MasterdataService }> = async (
  app,
  { service },
) => {
  app.get(
    '/fx-rates',
    {
      config: readRates,
      schema: {
        tags,
        summary: 'List exchange rates (paged, newest day first; filter by currency and days)',
        querystring: fxRateListQuerySchema,
        response: { 200: fxRatePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.listFxRates(request.query),
  );

  app.post(
    '/fx-rates',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add the exchange rate of a currency on a day',
        body: fxRateCreateSchema,
        response: { 201: fxRateSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createFxRate(request.body, request.actor)),
  );

  app.post(
    '/fx-rates/import',
    {
      config: write,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import exchange rates from CSV (all lines or none; existing day and currency are updated)',
        body: fxRateImportSchema,
        response: { 200: fxRateImportResultSchema, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    (request) => service.importFxRates(request.body.csv, request.language, request.actor),
  );

  app.get(
    '/fx-rates/:day/:currency',
    {
      config: readRates,
      schema: {
        tags,
        summary: 'Get the exchange rate of a currency on a day',
        params: rateParams,
        response: { 200: fxRateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.getFxRate(request.params.day, request.params.currency),
  );

  app.put(
    '/fx-rates/:day/:currency',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change an exchange rate (at the version it was read)',
        params: rateParams,
        body: fxRateUpdateSchema,
        response: { 200: fxRateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      service.updateFxRate(request.params.day, request.params.currency, request.body, request.actor),
  );

  app.delete(
    '/fx-rates/:day/:currency',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an exchange rate (at the version it was read)',
        params: rateParams,
        querystring: expectedVersionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteFxRate(
        request.params.day,
        request.params.currency,
        request.query.version,
        request.actor,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/settings',
    {
      config: readSettings,
      schema: {
        tags,
        summary: 'The global defaults',
        response: { 200: globalSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    () => service.getSettings(),
  );

  app.put(
    '/settings',
    {
      config: {
        ...write,
        // Which roles must use a second factor is a change of second factors: it needs a step-up.
        stepUp: async (request: FastifyRequest) => {
          const wanted = (request.body as GlobalSettingsUpdate).secondFactorRoles;
          if (wanted === undefined) return false;
          const current = (await service.getSettings()).secondFactorRoles;
          return [...wanted].sort().join() !== [...current].sort().join();
        },
      },
      schema: {
        tags,
        summary: 'Change the global defaults (at the version they were read)',
        body: globalSettingsUpdateSchema,
        response: { 200: globalSettingsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.updateSettings(request.body, request.actor),
  );
};
