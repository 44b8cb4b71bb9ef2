/**
 * A minimal browser for sign-in tests: a cookie jar (honouring cookie paths and deletion) and redirect
 * following, over `app.inject` or over real HTTP to servers listening on ports.
 */
import type { App } from '../app';

export interface Page {
  status: number;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

type Transport = (request: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}) => Promise<Omit<Page, 'url'>>;

export function injectTransport(app: App): Transport {
  return async ({ method, url, headers, body }) => {
    const response = await app.inject({
      method: method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, host: url.host },
      payload: body,
    });
    return { status: response.statusCode, headers: response.headers as Page['headers'], body: response.body };
  };
}

export const httpTransport: Transport = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const collected: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') collected[name] = value;
  });
  collected['set-cookie'] = response.headers.getSetCookie();
  return { status: response.status, headers: collected, body: await response.text() };
};

export class TestBrowser {
  /** Cookies by name and path: a browser keeps one of each pair (the identity server scopes some by path). */
  private readonly jar = new Map<string, { name: string; value: string; path: string }>();

  constructor(
    private readonly transport: Transport,
    readonly origin: string,
  ) {}

  cookie(name: string): string | undefined {
    return [...this.jar.values()].find((cookie) => cookie.name === name)?.value;
  }

  /** The names of the cookies this browser holds. */
  cookieNames(): string[] {
    return [...new Set([...this.jar.values()].map((cookie) => cookie.name))];
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.jar.set(`${name};${path}`, { name, value, path });
  }

  private remember(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired =
        attributes.some((a) => /^max-age=0$/i.test(a)) ||
        attributes.some(
          (a) => a.toLowerCase().startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now(),
        );
      if (expired || value === '') this.jar.delete(`${name};${path}`);
      else this.setCookie(name, value, path);
    }
  }

  private cookieHeader(url: URL): string {
    return [...this.jar.values()]
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** One request, no redirects followed. */
  async request(
    target: string | URL,
    options: {
      method?: string;
      form?: Record<string, string>;
      /** A JSON body, as the web app sends one. */
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    const url = new URL(target, this.origin);
    const headers: Record<string, string> = { ...options.headers };
    const cookies = [this.cookieHeader(url), options.headers?.cookie].filter(Boolean).join('; ');
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await this.transport({
      method: options.method ?? (body ? 'POST' : 'GET'),
      url,
      headers,
      body,
    });
    this.remember(response.headers['set-cookie']);
    return { ...response, url };
  }

  /** A request and the redirects after it, as a browser follows them (a redirect after POST becomes GET). */
  async navigate(
    target: string | URL,
    options: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Page> {
    let page = await this.request(target, options);
    for (let hops = 0; hops < 15 && page.status >= 300 && page.status < 400; hops++) {
      page = await this.request(new URL(String(page.headers.location), page.url));
    }
    return page;
  }
}

/** The action of the sign-in form on a page. */
export function formAction(page: Page): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(page.body);
  if (!match?.[1]) throw new Error(`no form on ${page.url.href} (status ${page.status})`);
  return match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/**
 * Signs in through the whole code flow: /auth/login → identity server → sign-in form → callback. A user
 * with a second factor is asked for its code next: `code` gives it (or a function making it just then).
 */
export async function signInThrough(
  browser: TestBrowser,
  email: string,
  password: string,
  returnTo = '/',
  code?: string | (() => Promise<string>),
  /** A step-up at an external issuer: the running session is confirmed, not replaced. */
  options: { stepUp?: boolean } = {},
) {
  const signInPage = await browser.navigate(
    `/auth/login?returnTo=${encodeURIComponent(returnTo)}${options.stepUp ? '&stepUp=1' : ''}`,
  );
  const action = formAction(signInPage);
  const page = await browser.navigate(new URL(action, signInPage.url), { form: { email, password } });
  if (code === undefined || !page.body.includes('name="code"')) return page;
  return browser.navigate(new URL(formAction(page), page.url), {
    form: { code: typeof code === 'string' ? code : await code() },
  });
}
