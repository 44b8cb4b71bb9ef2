/** Schemas shared by route declarations: the error body (documented in OpenAPI) and id params. */
import { errorCodes, errorDetailSchema, type ErrorCode } from '@backoffice/contracts';
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error' });

/** The error answers of a route, for its OpenAPI description and serialisation. */
export function errorResponses<const Statuses extends readonly number[]>(...statuses: Statuses) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [S in Statuses[number]]: typeof errorBodySchema;
  };
}
