/**
 * The second factor of a user (TOTP, RFC 6238, issue 15): enrolment on the own account, recovery codes,
 * and what a session tells the web app about it.
 */
import { z } from 'zod';
import { ruled } from './validation-messages';

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Back Office';
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

/** A code of the authenticator app: six digits (spaces as apps group them are ignored). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(ruled(/^\d{6}$/, 'sixDigits')));

/** A code of the app, or one of the recovery codes. */
export const secondFactorCodeSchema = z.string().trim().min(1).max(64);

/** The own second factor (`/users/account`). */
export const secondFactorStatusSchema = z
  .object({
    /** Confirmed with a first code: sign-in asks for it. */
    enrolled: z.boolean(),
    /** The role must use one (master data): it cannot be switched off. */
    required: z.boolean(),
    confirmedAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.number().int().min(0),
  })
  .meta({ id: 'SecondFactorStatus' });
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A started enrolment: what the authenticator app needs, shown once. */
export const secondFactorEnrolmentSchema = z
  .object({
    /** The shared secret in Base32, for typing it into the app by hand. */
    secret: z.string(),
    otpauthUri: z.string(),
    /** The otpauth URI as a QR code: an SVG image as a data URL. */
    qrCode: z.string(),
  })
  .meta({ id: 'SecondFactorEnrolment' });
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

export const secondFactorConfirmSchema = z.object({ code: totpCodeSchema });
export type SecondFactorConfirm = z.infer<typeof secondFactorConfirmSchema>;

/**
 * Switching the own second factor off, or getting new recovery codes, needs a current code (or a recovery
 * code).
 */
export const secondFactorProofSchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorCodeInput = z.infer<typeof secondFactorProofSchema>;

/** The recovery codes, shown once after confirmation; each opens one sign-in instead of the app's code. */
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * What the session tells the web app: a required but missing second factor leads to enrolment first.
 * With an external identity server the second factor is the issuer's (`managedByIssuer`): nothing is
 * enrolled here, and a step-up signs in there again.
 */
export const sessionSecondFactorSchema = z.object({
  required: z.boolean(),
  enrolled: z.boolean(),
  managedByIssuer: z.boolean(),
});
export type SessionSecondFactor = z.infer<typeof sessionSecondFactorSchema>;

/** True while the user may only enrol (and sign out): the role requires a second factor they lack. */
export function enrolmentRequired(state: SessionSecondFactor): boolean {
  return state.required && !state.enrolled;
}

/**
 * Step-up (issue 15): a dangerous action (a booking, a savegame deletion, allowed hashes, users, roles,
 * scopes, second factors) needs the strongest factor proven within this time, else 403 STEP_UP_REQUIRED.
 */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;

/** Proving it again: a code of the app (or a recovery code), or the password for a user without one. */
export const stepUpSchema = z.union([
  z.object({ code: secondFactorCodeSchema }).strict(),
  z.object({ password: z.string().min(1).max(200) }).strict(),
]);
export type StepUp = z.infer<typeof stepUpSchema>;
