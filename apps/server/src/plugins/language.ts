/** Resolves the language of each request: the language cookie, else Accept-Language, else German. */
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  languageFromAcceptLanguage,
  type Language,
} from '@backoffice/contracts';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', defaultLanguage);
    app.addHook('onRequest', async (request) => {
      const fromCookie = request.cookies[LANGUAGE_COOKIE];
      request.language = isLanguage(fromCookie)
        ? fromCookie
        : (languageFromAcceptLanguage(request.headers['accept-language']) ?? defaultLanguage);
    });
  },
  { name: 'language', dependencies: ['@fastify/cookie'] },
);
