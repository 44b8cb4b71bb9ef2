/**
 * Security headers on every answer: a strict CSP, no framing, no sniffing; HSTS only over https.
 *
 * Helmet decides which headers and values; it runs once at start against a recording response, and every
 * request gets the recorded list. (Running Helmet per request, as its Fastify plugin does, parses the
 * CSP directives again each time: about 5 % of a light signed-in request's CPU.) The headers go onto the
 * raw response in `onRequest`, so answers that bypass Fastify's reply (the OIDC provider) carry them too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets CSS variables and positions through style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The headers Helmet sets with these options, recorded once. */
export function recordedHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = recordedHeaders(OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      if (request.protocol === 'https') {
        reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done();
    });
  },
  { name: 'security-headers' },
);
