/** Refuses text that cannot be stored (lib/text-guard) in every body, query and path of every route. */
import { errorMessage } from '@backoffice/contracts';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { findUnstorableText } from '../lib/text-guard';

export const textGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const parts = { params: request.params, query: request.query, body: request.body };
      for (const [context, value] of Object.entries(parts)) {
        const path = findUnstorableText(value, context);
        if (path !== undefined) {
          throw new AppError('UNSTORABLE_TEXT', [
            { path, message: errorMessage('UNSTORABLE_TEXT', request.language) },
          ]);
        }
      }
    });
  },
  { name: 'text-guard', dependencies: ['error-handler'] },
);
