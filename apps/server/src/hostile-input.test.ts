/**
 * Hostile input against every route of the OpenAPI document, as an authorised user (an admin; the ingest
 * API with its integration's key; the sign-in form before sign-in): NUL and other control characters,
 * lone surrogates, invalid UTF-8, 1 MB strings, deep JSON, `__proto__`, wrong types, NaN, negative and
 * huge numbers, SQL and path-traversal text, wrong content types. Requests are generated from each route's
 * schemas: a valid-looking request first, then one part at a time replaced by a hostile value. Every
 * answer must come in time and below 500, and a refused request (4xx) must leave every table as it was.
 * Requests alternate between English and German: every field message of a 400 must be one of our plain
 * sentences, never the validation library's wording (issue 17).
 */
import { errorMessage } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../tools/bridge-simulator/simulator';
import { seedDemoBridge } from './demo/bridges';
import { seedDemoCasinos } from './demo/casinos';
import { seedDemoCatalogue } from './demo/catalogue';
import { seedDemoIntegrations } from './demo/integrations';
import { seedDemo } from './demo/seed';
import { rowsOf } from './lib/sql';
import { describeEachEngine, TEST_PASSWORD, type SignedIn } from './test/app';
import { formAction, injectTransport, TestBrowser } from './test/browser';
import { apiKeyFor } from './test/platform';
import { testSecretBox } from './test/secrets';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};

interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; schema: Schema }[];
  body?: Schema;
}

/** Marks the value to replace in a request's JSON text, so hostile JSON can be written raw. */
const HOLE = '\u2063hostile\u2063';

/** Hostile texts: for query, path and string fields. */
const hostileTexts = [
  'a\u0000b',
  '\u0000',
  'a\u0001\u0008\u001b[31m\u007fb',
  '\ud800',
  'x\udfffx',
  '\u202etxt.exe',
  '💥'.repeat(3),
  "' or 1=1; drop table users; --",
  '"; select pg_sleep(30); --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '\\',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '__proto__',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '0x10',
  'true',
  '',
  ' ',
  'x'.repeat(1024 * 1024),
];

/** Hostile JSON values, written raw into a body (some are no valid JSON at all, on purpose). */
const hostileJson = [
  'null',
  'true',
  '0',
  '-1',
  '1.5',
  '-0',
  '1e308',
  '-1e308',
  '9223372036854775808',
  '-9223372036854775809',
  '9007199254740993',
  'NaN',
  'Infinity',
  '[]',
  '{}',
  '[null]',
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"\\u0000"',
  '"a\\ud800b"',
  '["\\u0000"]',
  '{"\\u0000":1}',
  '[' + '['.repeat(5000) + ']'.repeat(5000) + ']',
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
];

/** Whole bodies of the wrong kind, with the content type each is sent as. */
const hostileBodies: { contentType?: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
  { contentType: 'application/json', payload: '['.repeat(100_000) + ']'.repeat(100_000) },
  {
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x3a, 0x31, 0x7d]),
  },
  { contentType: 'application/json', payload: `{"x":"${'y'.repeat(2 * 1024 * 1024)}"}` },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&__proto__=1' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  {
    contentType: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { payload: '{}' },
];

function resolve(document: Record<string, unknown>, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as Schema;
  }
  return current;
}

/** Strings that fit many patterns of the contracts (ids, codes, days, months). */
const patternCandidates = ['abc', 'abc-1', 'EUR', 'de', '2026-03-10', '2026-03', 'P1D', '12:00', '1', 'a1'];

/** A value that the schema accepts as far as this simple reading of it can tell. */
function sample(document: Record<string, unknown>, raw: Schema, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) {
    const nonNull = choice.find((option) => resolve(document, option).type !== 'null') ?? choice[0]!;
    return sample(document, nonNull, depth + 1);
  }
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => sample(document, part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        result[key] = sample(document, property, depth + 1);
      return result;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        sample(document, schema.items ?? {}, depth + 1),
      );
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(minimum, typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'date-time':
      return '2026-03-10T12:00:00.000Z';
    case 'date':
      return '2026-03-10';
    case 'email':
      return 'fuzz@example.test';
    case 'uri':
    case 'url':
      return 'http://127.0.0.1:9/';
  }
  const fits = (text: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text)) &&
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity);
  const found = patternCandidates.find(fits);
  if (found) return found;
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function operationsOf(document: Record<string, unknown>): Operation[] {
  const operations: Operation[] = [];
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Operation['parameters'] | undefined) ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Percent-encodes any text, a lone surrogate as the bytes of its WTF-8 form (no valid UTF-8). */
function encode(text: string): string {
  return [...text]
    .map((character) => {
      if (!/^[\ud800-\udfff]$/.test(character)) return encodeURIComponent(character);
      const unit = character.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function toQuery(values: Record<string, string>): string {
  const entries = Object.entries(values);
  return entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
}

/** How the validation library words its messages (English and German), which users must never read. */
const LIBRARY_WORDING =
  /expected|received|Invalid|Too small|Too big|Ungültig|Zu klein|Zu groß|erwartet|[<>]=/;

function detailsOf(response: LightMyRequestResponse): { path: string; message: string }[] {
  try {
    const body = response.json<{ details?: { path: string; message: string }[] }>();
    return Array.isArray(body.details) ? body.details : [];
  } catch {
    return [];
  }
}

describeEachEngine('hostile input on every route', (ctx) => {
  let admin: SignedIn;
  let simulator: BridgeSimulator;
  let platformKey: string;
  /** Path parameter → a value naming an existing record, so that requests reach the services. */
  const known: Record<string, string> = {};
  let fingerprintQuery = '';

  /** Row counts of every table whose rows a request could write (sessions and throttles excepted). */
  async function fingerprint(): Promise<string> {
    return JSON.stringify(rowsOf(await ctx().database.db.execute(sql.raw(fingerprintQuery)))[0]);
  }

  beforeAll(async () => {
    const { db } = ctx().database;
    simulator = await startBridgeSimulator({ port: 0, secret: 'demo-bridge-secret-not-for-production' });
    await seedDemo(db);
    await seedDemoBridge(db, testSecretBox(), simulator.url);
    await seedDemoCatalogue(db, testSecretBox());
    await seedDemoCasinos(db, testSecretBox());
    await seedDemoIntegrations(db);
    await db.execute(sql`insert into integration_options (name, data_type) values ('Fuzz option', 'text')`);
    admin = await ctx().signIn('admin');
    const other = await ctx().signIn('support');
    const first = async (query: string) =>
      String(Object.values(rowsOf<object>(await db.execute(sql.raw(query)))[0]!)[0]);
    const paths: Record<string, string> = {
      jurisdictions: await first('select id from jurisdictions order by name limit 1'),
      bridges: await first('select id from bridges limit 1'),
      casinos: await first('select id from casinos order by id limit 1'),
      'game-studios': await first('select id from game_studios limit 1'),
      'game-providers': await first('select id from game_providers limit 1'),
      games: await first('select game_id from games order by game_id limit 1'),
      'game-versions': await first('select id from game_versions limit 1'),
      'integration-options': await first('select id from integration_options limit 1'),
      integrations: await first(
        'select integration_id from integration_casinos order by integration_id limit 1',
      ),
      users: other.userId,
    };
    Object.assign(known, {
      ...paths,
      gameId: await first('select game_id from casino_games order by game_id limit 1'),
      day: '2026-03-10',
      currency: 'SEK',
      casinoId: paths.casinos,
      roundId: 'fuzz-round-1',
    });
    platformKey = await apiKeyFor(db, paths.integrations!);
    known.keyId = await first('select id from integration_api_keys limit 1');
    const tables = rowsOf<{ relname: string }>(
      await db.execute(
        sql`select relname from pg_class join pg_namespace n on n.oid = relnamespace
            where nspname = 'public' and relkind in ('r', 'p') and not relispartition
              and relname not in ('sessions', 'sign_in_throttle', 'oidc_payloads', '__drizzle_migrations')
            order by relname`,
      ),
    ).map((row) => row.relname);
    fingerprintQuery = `select ${tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ')}`;
  }, 120_000);

  afterAll(async () => {
    await simulator?.close();
  });

  /** What went wrong, one line per request (the test fails at its end with all of them). */
  const failures: string[] = [];
  let tablesNow = '';
  let sent = 0;

  /** Sends one request and checks the answer: in time, below 500, and nothing written when refused. */
  async function attack(what: string, options: InjectOptions): Promise<LightMyRequestResponse | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const language = sent++ % 2 === 0 ? 'en' : 'de';
    const headers = { 'accept-language': language, ...(options.headers as Record<string, string>) };
    const response = await Promise.race([
      ctx().app.inject({ ...options, headers }),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), 10_000);
      }),
    ]).finally(() => clearTimeout(timer));
    // The tables as this request left them are what the next one starts from.
    const before = tablesNow;
    tablesNow = await fingerprint();
    if (!response) failures.push(`${what}: no answer within 10 s`);
    else if (response.statusCode >= 500)
      failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    else if (response.statusCode >= 400 && tablesNow !== before)
      failures.push(`${what} → ${response.statusCode}, refused but wrote`);
    else if (response.statusCode === 400) {
      for (const detail of detailsOf(response)) {
        if (LIBRARY_WORDING.test(detail.message))
          failures.push(`${what} (${language}) → ${detail.path}: "${detail.message}"`);
      }
    }
    return response;
  }

  it('covers every operation of the OpenAPI document with hostile parameters and bodies', async () => {
    const document = ctx().app.swagger() as unknown as Record<string, unknown>;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(90);
    let requests = 0;
    tablesNow = await fingerprint();
    // Logging out ends the admin's session: that route goes last.
    operations.sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
    for (const operation of operations) {
      const isPlatform = operation.path.startsWith('/api/platform/');
      const headers: Record<string, string> = isPlatform
        ? { authorization: `Bearer ${platformKey}` }
        : operation.path.startsWith('/oidc/')
          ? {}
          : { ...admin.headers };
      const pathValues: Record<string, string> = {};
      for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
        const segment = operation.path.split('/')[2] ?? '';
        pathValues[parameter.name] =
          parameter.name === 'id' ? (known[segment] ?? 'x') : (known[parameter.name] ?? 'x');
      }
      const queryValues: Record<string, string> = {};
      for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
        const value = sample(document, parameter.schema);
        if (value !== undefined && value !== null && typeof value !== 'object')
          queryValues[parameter.name] = String(value);
      }
      const body = operation.body ? sample(document, operation.body) : undefined;
      const url = (path: Record<string, string>, query: Record<string, string>) =>
        operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(path[name] ?? '')) + toQuery(query);
      const send = (
        what: string,
        path: Record<string, string>,
        query: Record<string, string>,
        payload?: string | Buffer,
        contentType = 'application/json',
      ) => {
        requests++;
        return attack(`${operation.method} ${operation.path} ${what}`, {
          method: operation.method as 'GET',
          url: url(path, query),
          headers: payload === undefined ? headers : { ...headers, 'content-type': contentType },
          payload,
        });
      };
      const bodyText = body === undefined ? undefined : JSON.stringify(body);

      if (operation.method !== 'DELETE') await send('as sampled', pathValues, queryValues, bodyText);
      for (const name of Object.keys(pathValues)) {
        for (const text of hostileTexts.filter((t) => t.length < 100_000))
          await send(
            `path ${name}=${JSON.stringify(text.slice(0, 20))}`,
            { ...pathValues, [name]: text },
            queryValues,
            bodyText,
          );
      }
      // Raw escapes in the path that URL encoding would hide.
      if (Object.keys(pathValues).length > 0) {
        requests++;
        await attack(`${operation.method} ${operation.path} raw %00 / %ff path`, {
          method: operation.method as 'GET',
          url: operation.path.replace(/\{\w+\}/g, '%00%ff%c3'),
          headers,
        });
      }
      for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
        for (const text of hostileTexts)
          await send(
            `query ${parameter.name}=${JSON.stringify(text.slice(0, 20))}`,
            pathValues,
            {
              ...queryValues,
              [parameter.name]: text,
            },
            bodyText,
          );
        requests++;
        await attack(`${operation.method} ${operation.path} query ${parameter.name} raw escapes`, {
          method: operation.method as 'GET',
          url: `${url(pathValues, {})}?${parameter.name}=%00&${parameter.name}=%ff%fe&${parameter.name}[]=x&${parameter.name}[__proto__]=1`,
          headers,
        });
      }
      if (operation.body && body && typeof body === 'object' && !Array.isArray(body)) {
        for (const key of Object.keys(body)) {
          const template = JSON.stringify({ ...body, [key]: HOLE });
          const values = [...hostileJson, ...hostileTexts.map((text) => JSON.stringify(text))];
          for (const value of values) {
            const payload = template.replace(JSON.stringify(HOLE), value);
            await send(`body ${key}=${value.slice(0, 20)}`, pathValues, queryValues, payload);
          }
          // One level down: the same into each field of a nested object.
          const nested = body[key as keyof typeof body] as unknown;
          if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
            for (const inner of Object.keys(nested)) {
              const innerTemplate = JSON.stringify({ ...body, [key]: { ...nested, [inner]: HOLE } });
              for (const value of ['"a\\u0000b"', '"\\ud800"', '{"__proto__":{"x":1}}', '-1e308', '[[[[]]]]'])
                await send(
                  `body ${key}.${inner}=${value}`,
                  pathValues,
                  queryValues,
                  innerTemplate.replace(JSON.stringify(HOLE), value),
                );
            }
          }
        }
      }
      if (operation.method !== 'GET') {
        for (const { contentType, payload } of hostileBodies)
          await send(
            `body ${contentType ?? '(no type)'} ${String(payload).slice(0, 20)}`,
            pathValues,
            queryValues,
            payload,
            contentType,
          );
      }
    }
    expect(failures.slice(0, 50), `${failures.length} of ${requests} requests failed`).toEqual([]);
    expect(requests).toBeGreaterThan(5000);
  }, 900_000);

  it("survives hostile input to the embedded identity server's own endpoints", async () => {
    failures.length = 0;
    tablesNow = await fingerprint();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const basic = { authorization: `Basic ${Buffer.from('backoffice:wrong').toString('base64')}` };
    for (const text of ['%00', 'a%00b', '%ED%A0%80', '%ff', '..%2f..%2f', "'%20or%201=1--"]) {
      await attack(`GET /oidc/auth ${text}`, {
        method: 'GET',
        url: `/oidc/auth?client_id=${text}&response_type=code&redirect_uri=${text}&scope=openid&state=${text}`,
      });
      await attack(`GET /oidc/interaction/${text}`, { method: 'GET', url: `/oidc/interaction/${text}` });
      await attack(`GET /oidc/session/end ${text}`, {
        method: 'GET',
        url: `/oidc/session/end?id_token_hint=${text}&post_logout_redirect_uri=${text}`,
      });
      for (const grant of [
        `grant_type=authorization_code&code=${text}&redirect_uri=${text}&code_verifier=${text}`,
        `grant_type=refresh_token&refresh_token=${text}`,
      ]) {
        await attack(`POST /oidc/token ${grant}`, {
          method: 'POST',
          url: '/oidc/token',
          headers: { ...form, ...basic },
          payload: grant,
        });
        await attack(`POST /oidc/token (client in body) ${grant}`, {
          method: 'POST',
          url: '/oidc/token',
          headers: form,
          payload: `${grant}&client_id=backoffice&client_secret=${text}`,
        });
      }
      await attack(`POST /oidc/token/introspection ${text}`, {
        method: 'POST',
        url: '/oidc/token/introspection',
        headers: { ...form, ...basic },
        payload: `token=${text}`,
      });
      await attack(`GET /oidc/me ${text}`, {
        method: 'GET',
        url: '/oidc/me',
        headers: { authorization: `Bearer ${text}` },
      });
      await attack(`GET /auth/callback ${text}`, {
        method: 'GET',
        url: `/auth/callback?code=${text}&state=${text}&iss=${text}`,
      });
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in the sign-in form with a 400 in the language of the request', async () => {
    const browser = new TestBrowser(injectTransport(ctx().app), 'http://localhost:3000');
    const signInPage = await browser.navigate('/auth/login');
    const action = new URL(formAction(signInPage), signInPage.url);
    const before = await fingerprint();
    for (const [email, password] of [
      ['a\u0000b@x.de', TEST_PASSWORD],
      [admin.email, 'pass\u0000word'],
    ] as const) {
      const answer = await browser.request(action, {
        method: 'POST',
        form: { email, password },
        headers: { cookie: 'lang=en' },
      });
      expect(answer.status, answer.body).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'UNSTORABLE_TEXT',
        message: errorMessage('UNSTORABLE_TEXT', 'en'),
      });
    }
    expect(await fingerprint()).toBe(before);
  });
});
