/**
 * The users fake with second factors, answering like the server (issue 15): the own one under
 * /api/account/second-factor (start, confirm with the code `CODE`, new recovery codes, disable; 400 SECOND_FACTOR_CODE_WRONG,
 * 409 SECOND_FACTOR_REQUIRED_FOR_ROLE), another user's under /api/users/:id/second-factor (GET, DELETE;
 * 403 OWN_USER), the session check (/auth/session) with the state, and 403
 * SECOND_FACTOR_ENROLMENT_REQUIRED on any other route while a required one is missing. With `stale` set,
 * every changing /api/users request answers 403 STEP_UP_REQUIRED until the step-up
 * (/api/account/second-factor/step-up) gets `CODE` — or `PASSWORD` from a user without a second factor.
 */
import {
  enrolmentRequired,
  RECOVERY_CODE_COUNT,
  type Role,
  type SecondFactorStatus,
  type SessionInfo,
} from '@backoffice/contracts';
import { FakeUsersApi, type NewUser } from './fake-users-api';
import { emptyResponse, errorResponse, jsonResponse, type RecordedRequest } from './fetch';

/** The code the fake's authenticator app shows. */
export const CODE = '123456';
export const SECRET = 'JBSWY3DPEHPK3PXP';
export const QR_CODE = 'data:image/svg+xml;base64,PHN2Zy8+';
/** The own password, for a step-up without a second factor. */
export const PASSWORD = 'my-own-password';

export class FakeSecondFactorApi extends FakeUsersApi {
  /** Users with a confirmed second factor (by id); the rest have none. */
  readonly enrolled = new Set<string>();
  /** The roles that must use one (master data). */
  requiredRoles: Role[] = [];
  /** The session's last confirmation is older than step-up allows. */
  stale = false;
  private started = false;

  constructor(others: NewUser[] = [], me?: NewUser) {
    super(others, me);
  }

  status(id: string): SecondFactorStatus {
    const user = this.records.get(id)!;
    const enrolled = this.enrolled.has(id);
    return {
      enrolled,
      required: this.requiredRoles.includes(user.role),
      confirmedAt: enrolled ? '2025-01-01T12:00:00.000Z' : null,
      recoveryCodesLeft: enrolled ? RECOVERY_CODE_COUNT : 0,
    };
  }

  override session(): SessionInfo {
    const { enrolled, required } = this.status(this.me.id);
    return { ...super.session(), secondFactor: { enrolled, required, managedByIssuer: false } };
  }

  protected override handle(request: RecordedRequest): Response {
    const { pathname } = request.url;
    if (pathname === '/auth/session') return jsonResponse(200, this.session());
    if (pathname.startsWith('/api/account/second-factor')) return this.handleOwn(request);
    if (enrolmentRequired(this.session().secondFactor))
      return errorResponse('SECOND_FACTOR_ENROLMENT_REQUIRED');
    if (this.stale && pathname.startsWith('/api/users') && request.method !== 'GET')
      return errorResponse('STEP_UP_REQUIRED');
    const user = /^\/api\/users\/([^/]+)\/second-factor$/.exec(pathname);
    if (user) return this.handleUser(request, decodeURIComponent(user[1]!));
    return super.handle(request);
  }

  private handleOwn({ method, url, body }: RecordedRequest): Response {
    const rest = url.pathname.slice('/api/account/second-factor'.length);
    const id = this.me.id;
    const code = String((body as { code?: unknown } | undefined)?.code ?? '');
    if (rest === '' && method === 'GET') return jsonResponse(200, this.status(id));
    if (rest === '/enrolment' && method === 'POST') {
      if (this.enrolled.has(id)) return errorResponse('SECOND_FACTOR_ALREADY_ENROLLED');
      this.started = true;
      return jsonResponse(200, {
        secret: SECRET,
        otpauthUri: `otpauth://totp/Back%20Office:me?secret=${SECRET}`,
        qrCode: QR_CODE,
      });
    }
    if (rest === '/enrolment/confirm' && method === 'POST') {
      if (!this.started) return errorResponse('SECOND_FACTOR_NOT_ENROLLED');
      if (code !== CODE) return errorResponse('SECOND_FACTOR_CODE_WRONG');
      this.enrolled.add(id);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, n) => `rc${n}-abcd-efgh`);
      return jsonResponse(200, { recoveryCodes });
    }
    if (rest === '/step-up' && method === 'POST') {
      const password = (body as { password?: unknown } | undefined)?.password;
      const right = this.enrolled.has(id) ? code === CODE : password === PASSWORD;
      if (!right)
        return errorResponse(this.enrolled.has(id) ? 'SECOND_FACTOR_CODE_WRONG' : 'CURRENT_PASSWORD_WRONG');
      this.stale = false;
      return emptyResponse(204);
    }
    if (rest === '/recovery-codes' && method === 'POST') {
      if (!this.enrolled.has(id)) return errorResponse('SECOND_FACTOR_NOT_ENROLLED');
      if (code !== CODE) return errorResponse('SECOND_FACTOR_CODE_WRONG');
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, n) => `new${n}-abcd-efgh`);
      return jsonResponse(200, { recoveryCodes });
    }
    if (rest === '/disable' && method === 'POST') {
      if (!this.enrolled.has(id)) return errorResponse('SECOND_FACTOR_NOT_ENROLLED');
      if (this.status(id).required) return errorResponse('SECOND_FACTOR_REQUIRED_FOR_ROLE');
      if (code !== CODE) return errorResponse('SECOND_FACTOR_CODE_WRONG');
      this.enrolled.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private handleUser({ method }: RecordedRequest, id: string): Response {
    if (!this.records.has(id)) return errorResponse('RECORD_NOT_FOUND');
    if (method === 'GET') return jsonResponse(200, this.status(id));
    if (method === 'DELETE') {
      if (id === this.me.id) return errorResponse('OWN_USER');
      this.enrolled.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }
}
