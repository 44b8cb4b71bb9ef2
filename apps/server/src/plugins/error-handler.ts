/**
 * The one place errors become answers: `{ statusCode, code, message }` with the message in the request's
 * language. Validation problems list their fields; 5xx answers never show internals.
 */
import { errorMessage, type ErrorBody, type ErrorCode, type Language } from '@backoffice/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';

const zodLocales = { de: z.locales.de(), en: z.locales.en() } as const;

/** Fastify's own client errors, by status, as catalogue codes. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'NO_PERMISSION',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function body(code: ErrorCode, statusCode: number, language: Language, details?: ErrorBody['details']) {
  const answer: ErrorBody = { statusCode, code, message: errorMessage(code, language) };
  if (details && details.length > 0) answer.details = details;
  return answer;
}

function validationDetails(error: FastifyError & { validation: unknown[] }, language: Language) {
  const context = error.validationContext ?? 'body';
  return (error.validation as { instancePath: string; keyword: string; params: Record<string, unknown> }[]).map(
    (problem) => {
      const path = problem.instancePath.split('/').filter(Boolean);
      const issue = { ...problem.params, code: problem.keyword, path } as unknown as z.core.$ZodRawIssue;
      const localized = zodLocales[language].localeError(issue);
      const message = typeof localized === 'string' ? localized : (localized?.message ?? problem.keyword);
      return { path: [context, ...path].join('.'), message };
    },
  );
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: unknown) {
  const language = request.language;
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send(body(error.code, error.statusCode, language, error.details));
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return reply.code(400).send(body('VALIDATION_FAILED', 400, language, validationDetails(fastifyError, language)));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'BAD_REQUEST';
    return reply.code(status).send(body(code, status, language));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(body('INTERNAL', 500, language));
}

export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => sendError(reply, request, error));
  },
  { name: 'error-handler', dependencies: ['language'] },
);
