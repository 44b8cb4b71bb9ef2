/**
 * Hashes a game version's frontend the way CPV needs it: the back office downloads the file at the
 * frontend URL itself (it does not trust anyone's word for it) and takes its SHA-256, within a size and a
 * time limit. Any failure is an answer, not an exception: the component is then unreachable.
 */
import { createHash } from 'node:crypto';
import { CPV_FRONTEND_TIMEOUT_MS, CPV_MAX_FRONTEND_BYTES } from '@backoffice/contracts';

export interface FrontendHashOptions {
  /** The whole download, until the last byte (default CPV_FRONTEND_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Larger files are not hashed (default CPV_MAX_FRONTEND_BYTES). */
  maxBytes?: number;
}

export type FrontendHash = { ok: true; hash: string; bytes: number } | { ok: false; problem: string };

export async function hashFrontend(url: string, options: FrontendHashOptions = {}): Promise<FrontendHash> {
  const timeoutMs = options.timeoutMs ?? CPV_FRONTEND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? CPV_MAX_FRONTEND_BYTES;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, problem: 'the frontend URL is not a URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, problem: `the frontend URL uses ${target.protocol}, not http(s)` };
  }

  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  try {
    const response = await fetch(target, {
      signal: abort.signal,
      redirect: 'follow',
      headers: { accept: '*/*', 'user-agent': 'backoffice-cpv/1' },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, problem: `the frontend URL answered HTTP ${response.status}` };
    }
    const tooLarge = { ok: false, problem: `the frontend is larger than ${maxBytes} bytes` } as const;
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return tooLarge;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) {
        await reader?.cancel().catch(() => undefined);
        return tooLarge;
      }
      hash.update(chunk.value);
    }
    return { ok: true, hash: hash.digest('hex'), bytes };
  } catch (error) {
    if (timedOut) return { ok: false, problem: `no complete answer within ${timeoutMs} ms` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, problem: `the frontend could not be downloaded (${reason})` };
  } finally {
    clearTimeout(timer);
  }
}
