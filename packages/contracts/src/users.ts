import { z } from 'zod';
import { listQuerySchema, pageSchema, recordMetaSchema } from './lists';
import { roles, permissions } from './permissions';
import { sessionSecondFactorSchema } from './second-factor';
import { ruled } from './validation-messages';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const userIdSchema = z.uuid();
export const roleSchema = z.enum(roles);

// Trim and lower-case first, then check: ' Anna@Example.com ' is a valid address.
const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
const username = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(ruled(/^[\w.@-]+$/, 'usernameChars'));
const personName = z.string().trim().max(100);
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Casino and integration ids are chosen by staff: short, URL-safe strings. */
export const scopeIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(ruled(/^[\w.-]+$/, 'nameChars'));

/** The casinos and integrations a user may see; ignored for admins, who are never limited. */
export const userScopeSchema = z.object({
  casinoIds: z.array(scopeIdSchema).max(1000),
  integrationIds: z.array(scopeIdSchema).max(1000),
});
export type UserScope = z.infer<typeof userScopeSchema>;

/**
 * GLI-19 §2.8.9: what the record of a user keeps about their access (besides `createdAt`); null while it
 * never happened. `deactivatedAt` keeps the last deactivation also after the user is active again.
 */
export const userAccessRecordSchema = z.object({
  lastSignInAt: z.iso.datetime().nullable(),
  lastSignInAddress: z.string().nullable(),
  passwordChangedAt: z.iso.datetime().nullable(),
  secondFactorChangedAt: z.iso.datetime().nullable(),
  deactivatedAt: z.iso.datetime().nullable(),
});
export type UserAccessRecord = z.infer<typeof userAccessRecordSchema>;

export const userSchema = z
  .object({
    id: userIdSchema,
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    active: z.boolean(),
    ...userScopeSchema.shape,
    ...userAccessRecordSchema.shape,
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const newPassword = { password, passwordRepeat: z.string().max(PASSWORD_MAX_LENGTH) };

/**
 * A new password typed twice (spec §5): a mismatch is an issue on `passwordRepeat` carrying the catalogue
 * code PASSWORDS_DONT_MATCH, so server and browser show "Passwords don't match." in the user's language.
 */
function withPasswordRepeat<Shape extends z.ZodRawShape & typeof newPassword>(shape: Shape) {
  const passwordsMatch = (value: unknown) => {
    const pair = value as { password: string; passwordRepeat: string };
    return pair.password === pair.passwordRepeat;
  };
  return z.object(shape).refine(passwordsMatch, {
    path: ['passwordRepeat'],
    params: { code: 'PASSWORDS_DONT_MATCH' },
    message: "Passwords don't match.",
  });
}

export const passwordPairSchema = withPasswordRepeat(newPassword);

const userFields = z.object({
  username,
  email,
  firstName: personName,
  lastName: personName,
  role: roleSchema,
  active: z.boolean(),
  ...userScopeSchema.shape,
});

export const userCreateSchema = withPasswordRepeat({ ...userFields.shape, ...newPassword });
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({ ...userFields.shape, version: z.number().int().min(1) });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const passwordResetSchema = passwordPairSchema;
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const userSortFields = [
  'username',
  'email',
  'lastName',
  'role',
  'updatedAt',
  'createdAt',
  'lastSignInAt',
  'passwordChangedAt',
  'secondFactorChangedAt',
  'deactivatedAt',
] as const;
export const userListQuerySchema = listQuerySchema(userSortFields, 'username').extend({
  role: roleSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userPageSchema = pageSchema(userSchema);

/** The signed-in user's own profile (`/users/account`). */
export const accountSchema = z.object({
  id: userIdSchema,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  permissions: z.array(z.enum(permissions)),
  ...userScopeSchema.shape,
});
export type Account = z.infer<typeof accountSchema>;

export const accountUpdateSchema = z.object({ firstName: personName, lastName: personName });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const passwordChangeSchema = withPasswordRepeat({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  ...newPassword,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** What the web app polls every 5 seconds (`GET /auth/session`). */
export const sessionInfoSchema = z.object({
  sessionId: z.string(),
  user: accountSchema,
  expiresAt: z.iso.datetime(),
  secondFactor: sessionSecondFactorSchema,
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
