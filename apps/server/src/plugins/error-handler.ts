/**
 * The one place errors become answers: `{ statusCode, code, message }` with the message in the request's
 * language. Validation problems list their fields; 5xx answers never show internals.
 */
import {
  errorMessage,
  isErrorCode,
  validationMessage,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
  type Language,
  type ValidationIssue,
} from '@backoffice/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/errors';
import { AppError } from '../lib/app-error';

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

function body(code: ErrorCode, statusCode: number, language: Language, details?: ErrorDetail[]) {
  const answer: ErrorBody<ErrorDetail> = { statusCode, code, message: errorMessage(code, language) };
  if (details && details.length > 0) answer.details = details;
  return answer;
}

type ValidationProblem = { instancePath: string; keyword: string; params: Record<string, unknown> };

/** A rule of ours (e.g. the password repeat) marks its issue with a catalogue code in `params.code`. */
function catalogueCode(problem: ValidationProblem): ErrorCode | undefined {
  const code = (problem.params.params as { code?: unknown } | undefined)?.code;
  return isErrorCode(code) ? code : undefined;
}

/** The value the client sent at a path of the validated part, so messages can say what was received. */
function sentValue(request: FastifyRequest, context: string, path: string[]): unknown {
  let value: unknown = (request as unknown as Record<string, unknown>)[context];
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function validationAnswer(request: FastifyRequest, error: FastifyError & { validation: unknown[] }) {
  const language = request.language;
  const context = error.validationContext ?? 'body';
  const problems = error.validation as ValidationProblem[];
  const details = problems.map((problem) => {
    const path = problem.instancePath.split('/').filter(Boolean);
    const own = catalogueCode(problem);
    let message: string;
    if (own) {
      message = errorMessage(own, language);
    } else {
      const issue = {
        input: sentValue(request, context, path),
        ...problem.params,
        code: problem.keyword,
        path,
      } as ValidationIssue;
      message = validationMessage(issue, language);
    }
    return { path: [context, ...path].join('.'), message };
  });
  // When every problem is one of our own coded rules, answer with that code (e.g. PASSWORDS_DONT_MATCH).
  const codes = new Set(problems.map(catalogueCode));
  const [only] = codes;
  const code: ErrorCode = codes.size === 1 && only ? only : 'VALIDATION_FAILED';
  return body(code, 400, language, details);
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: unknown) {
  const language = request.language;
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send(body(error.code, error.statusCode, language, error.details));
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return reply.code(400).send(validationAnswer(request, fastifyError));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'BAD_REQUEST';
    return reply.code(status).send(body(code, status, language));
  }
  if (isConnectionLost(error)) {
    // The server rolls back a transaction whose connection ends; the client may retry the request.
    request.log.warn({ err: error }, 'database connection lost');
    return reply.code(503).send(body('DATABASE_UNAVAILABLE', 503, language));
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
