/** The one error type that services throw; the error handler turns it into `{ statusCode, code, message }`. */
import { errorStatus, type ErrorCode, type ErrorDetail } from '@backoffice/contracts';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: ErrorDetail[],
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = errorStatus(code);
  }
}
