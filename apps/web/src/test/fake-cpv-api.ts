/**
 * An in-memory stand-in for /api/cpv and /api/alerts: checks (a started check moves on by one step each
 * time it is asked for, from queued through running to finished, appending its results), results with
 * the server's filters, the components, and open alerts that are acknowledged once (409 the second time).
 */
import {
  type Alert,
  type CpvCheck,
  type CpvCheckResult,
  type CpvComponent,
  type CpvResult,
  type Page,
} from '@backoffice/contracts';
import { FakeApi, pageOf } from './fake-api';
import { errorResponse, jsonResponse, type RecordedRequest } from './fetch';

const hash = (seed: string) => seed.repeat(64).slice(0, 64);

export class FakeCpvApi extends FakeApi {
  readonly checks: CpvCheck[] = [];
  readonly results: CpvCheckResult[] = [];
  readonly alerts: Alert[] = [];
  components: CpvComponent[] = [
    {
      component: 'game:alpha@1.0.0',
      source: 'game-version',
      name: 'Alpha Reels',
      url: 'https://games.example/alpha/1.0.0/',
      active: true,
    },
    {
      component: 'game:beta@2.0.0',
      source: 'game-version',
      name: 'Beta Gems',
      url: 'https://games.example/beta/2.0.0/',
      active: false,
    },
    {
      component: 'bridge:Bridge EU',
      source: 'bridge',
      name: 'Bridge EU',
      url: 'https://bridge.example',
      active: null,
    },
  ];
  /** What a started check finds, component by component (in this order). */
  outcome: { component: string; result: CpvResult }[] = [
    { component: 'game:alpha@1.0.0', result: 'pass' },
    { component: 'game-backend/slots', result: 'mismatch' },
  ];
  addCheck(check: Partial<CpvCheck> = {}): CpvCheck {
    const stored: CpvCheck = {
      id: this.newId(),
      trigger: 'manual',
      triggeredBy: 'developer',
      components: null,
      state: 'finished',
      total: 0,
      done: 0,
      counts: { pass: 0, mismatch: 0, unknownComponent: 0, unreachable: 0 },
      error: null,
      createdAt: '2025-03-10T08:00:00.000Z',
      startedAt: '2025-03-10T08:00:01.000Z',
      finishedAt: '2025-03-10T08:00:05.000Z',
      ...check,
    };
    this.checks.unshift(stored);
    return stored;
  }

  addResult(check: CpvCheck, result: Partial<CpvCheckResult> & { component: string; result: CpvResult }) {
    const stored: CpvCheckResult = {
      id: this.newId(),
      checkId: check.id,
      source: result.component.startsWith('game:') ? 'game-version' : 'bridge',
      expectedHash: result.result === 'unknown-component' ? null : hash('a'),
      actualHash: result.result === 'unreachable' ? null : hash(result.result === 'pass' ? 'a' : 'b'),
      detail: `Found for ${result.component}.`,
      checkedOn: check.createdAt,
      trigger: check.trigger,
      triggeredBy: check.triggeredBy,
      ...result,
    };
    this.results.unshift(stored);
    const key = result.result === 'unknown-component' ? 'unknownComponent' : result.result;
    check.counts[key] += 1;
    return stored;
  }

  addAlert(alert: Partial<Alert> & { subject: string }): Alert {
    const stored: Alert = {
      id: this.newId(),
      kind: 'cpv-mismatch',
      message: `${alert.subject}: hash ${hash('b')} is not among its allowed hashes.`,
      details: null,
      raisedAt: '2025-03-10T08:00:05.000Z',
      acknowledgedAt: null,
      acknowledgedBy: null,
      ...alert,
    };
    this.alerts.unshift(stored);
    return stored;
  }

  requestsTo(path: string, method = 'GET'): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.url.pathname === path);
  }

  protected handle(request: RecordedRequest): Response {
    const path = request.url.pathname;
    if (path === '/api/cpv/checks' && request.method === 'POST') return this.start(request.body);
    if (path === '/api/cpv/checks')
      return jsonResponse(200, this.page(this.checks, request.url.searchParams));
    const one = /^\/api\/cpv\/checks\/([^/]+)$/.exec(path);
    if (one) return this.poll(one[1]!);
    if (path === '/api/cpv/results') return jsonResponse(200, this.listResults(request.url.searchParams));
    if (path === '/api/cpv/components') return jsonResponse(200, { items: this.components });
    if (path === '/api/alerts') {
      const open = this.alerts.filter((alert) => alert.acknowledgedAt === null);
      return jsonResponse(200, { items: open, total: open.length });
    }
    const acknowledge = /^\/api\/alerts\/([^/]+)\/acknowledge$/.exec(path);
    if (acknowledge && request.method === 'POST') return this.acknowledge(acknowledge[1]!);
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
  }

  private start(body: unknown): Response {
    const components = (body as { components?: string[] } | undefined)?.components;
    if (components !== undefined && components.length === 0) return errorResponse('VALIDATION_FAILED');
    const check = this.addCheck({
      components: components ?? null,
      state: 'queued',
      total: null,
      done: 0,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
    });
    return jsonResponse(201, check);
  }

  /** Each look at a check that runs moves it on: queued → running (total known) → … → finished. */
  private poll(id: string): Response {
    const check = this.checks.find((candidate) => candidate.id === id);
    if (!check) return errorResponse('CPV_CHECK_NOT_FOUND');
    const answer = structuredClone(check);
    if (check.state === 'queued') {
      Object.assign(check, {
        state: 'running',
        total: this.outcome.length,
        startedAt: new Date().toISOString(),
      });
    } else if (check.state === 'running') {
      const next = this.outcome[check.done];
      if (next) {
        this.addResult(check, { ...next, checkedOn: new Date().toISOString() });
        check.done += 1;
      }
      if (check.done >= this.outcome.length) {
        Object.assign(check, { state: 'finished', finishedAt: new Date().toISOString() });
      }
    }
    return jsonResponse(200, answer);
  }

  private listResults(params: URLSearchParams): Page<CpvCheckResult> {
    const component = params.get('component')?.toLowerCase();
    const result = params.get('result');
    const checkId = params.get('checkId');
    const from = params.get('from');
    const to = params.get('to');
    const matching = this.results
      .filter((entry) => !component || entry.component.toLowerCase().includes(component))
      .filter((entry) => !result || entry.result === result)
      .filter((entry) => !checkId || entry.checkId === checkId)
      .filter((entry) => !from || Date.parse(entry.checkedOn) >= Date.parse(from))
      .filter((entry) => !to || Date.parse(entry.checkedOn) <= Date.parse(to));
    return this.page(matching, params);
  }

  /** A page of copies: the screen never holds the records a check moves on. */
  private page<Item>(items: Item[], params: URLSearchParams): Page<Item> {
    return structuredClone(pageOf(items, params));
  }

  private acknowledge(id: string): Response {
    const alert = this.alerts.find((candidate) => candidate.id === id);
    if (!alert) return errorResponse('ALERT_NOT_FOUND');
    if (alert.acknowledgedAt !== null) return errorResponse('ALERT_ALREADY_ACKNOWLEDGED');
    Object.assign(alert, { acknowledgedAt: new Date().toISOString(), acknowledgedBy: 'admin' });
    return jsonResponse(200, alert);
  }
}
