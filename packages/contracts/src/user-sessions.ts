/** The sessions of a user (`/users/account` and the user screen): where and since when they are signed in. */
import { z } from 'zod';

export const userSessionSchema = z
  .object({
    id: z.uuid(),
    /** The browser and operating system named by the user agent, when it names them (`Chrome`, `Windows`). */
    browser: z.string().nullable(),
    system: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The address the session signed in from. */
    address: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    /** The session making the request. */
    current: z.boolean(),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionListSchema = z.object({ items: z.array(userSessionSchema) });
export type UserSessionList = z.infer<typeof userSessionListSchema>;

export const sessionIdSchema = z.uuid();

/** How many sessions a request ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/**
 * The columns of the periodic access review (GLI-19 §B.2.3): every user with role, status, scope and the
 * dates of §2.8.9, as `GET /api/users/access-review.csv` writes them.
 */
export const accessReviewCsvColumns = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'status',
  'casinos',
  'integrations',
  'second_factor',
  'created_at',
  'last_sign_in_at',
  'last_sign_in_address',
  'password_changed_at',
  'second_factor_changed_at',
  'deactivated_at',
] as const;
