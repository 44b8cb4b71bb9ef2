/**
 * Answers whose JSON the database wrote (decision 042). They are sent as they are: not parsed, checked
 * against the response schema and written again field by field, as every other answer is (app.ts,
 * `responseSerializer`). Where `check` is on (the tests), each is still held to its route's schema: valid,
 * and holding nothing the schema does not name.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The answer as its schema makes it, or the error Fastify reports for an answer that does not fit. */
export function checkedAnswer(schema: z.ZodType, answer: unknown, method: string, url: string): unknown {
  const result = schema.safeParse(answer);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  return result.data;
}

export function sendJsonText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  { schema, check }: { schema: z.ZodType; check: boolean },
): FastifyReply {
  if (check) {
    const answer: unknown = JSON.parse(text);
    if (!isDeepStrictEqual(checkedAnswer(schema, answer, request.method, request.url), answer)) {
      const message = 'The answer holds more than its schema names';
      const cause = new z.ZodError([{ code: 'custom', path: [], message, input: answer }]);
      throw new ResponseSerializationError(request.method, request.url, { cause });
    }
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
