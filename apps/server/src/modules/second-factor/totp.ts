/** TOTP (RFC 6238) through otplib: secrets, the otpauth URI and its QR code, and checking a code once. */
import { TOTP_DIGITS, TOTP_ISSUER } from '@backoffice/contracts';
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/crypto';

/** A code of the step before or after the current one still counts (a phone's clock drifts). */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret, digits: TOTP_DIGITS });
}

/** The URI as a QR code, an SVG data URL: rendered here, so the web app carries no QR library. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of a right code, or null. `afterStep` refuses the step of a code used before (and older
 * ones), so a code seen over someone's shoulder opens nothing once it was used.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  epochSeconds?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
      ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: 16 characters (≈ 79 bits) in groups of four, without look-alikes (0/o, 1/l/i). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** Random codes of this entropy need no slow hash: SHA-256 of the normalised code. */
export function hashRecoveryCode(code: string): string {
  return sha256(`recovery-code:${normaliseRecoveryCode(code)}`);
}
