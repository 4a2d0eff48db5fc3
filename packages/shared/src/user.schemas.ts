/**
 * Account payloads (SPEC §5 login/sign-up/reset/biography), one zod schema per form or
 * request, shared by the browser forms and the server actions.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { noNul } from './text-rules.ts';

export const USERNAME_MAX = 30;
export const PASSWORD_MAX = 200;
/** New passwords (sign-up, reset); existing ones of any length still sign in. */
export const PASSWORD_MIN = 8;
export const BIOGRAPHY_MAX = 1000;

const trimmed = z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string());

export const usernameSchema = trimmed.pipe(
  z
    .string()
    .min(1, MSG.credentialsRequired)
    .max(USERNAME_MAX, MSG.usernameTooLong)
    .regex(/^[A-Za-z0-9._-]+$/, MSG.usernameChars)
    // `.` and `..` vanish from a URL path (/user/..), so such a profile could never be opened.
    .refine((name) => !/^\.+$/.test(name), MSG.usernameDots),
);

const passwordSchema = trimmed.pipe(noNul().min(1, MSG.credentialsRequired).max(PASSWORD_MAX, MSG.passwordTooLong));

const newPasswordSchema = trimmed.pipe(
  noNul()
    .min(1, MSG.credentialsRequired)
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(PASSWORD_MAX, MSG.passwordTooLong),
);

export const loginSchema = z.object({ username: usernameSchema, password: passwordSchema });

export const signupSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    // The REST client (SPEC §7) sends no confirmation; the form always does.
    confirmPassword: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional()),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });

type PasswordPair = { password: string; confirmPassword?: string };
const confirmationGiven = (v: unknown) => (v as PasswordPair).confirmPassword !== '';
const confirmationMatches = (v: unknown) => {
  const { password, confirmPassword } = v as PasswordPair;
  return confirmPassword === undefined || confirmPassword === password;
};

/**
 * A new password and its confirmation with SPEC §5's reset texts, beside the `fields` that say
 * whose (a username, a reset link's token). The REST client may leave the confirmation out.
 */
export const newPasswordConfirmed = <S extends z.ZodRawShape>(fields: S) =>
  z
    .object({
      ...fields,
      password: noNul()
        .trim()
        .min(1, MSG.resetRequired)
        .min(PASSWORD_MIN, MSG.passwordTooShort)
        .max(PASSWORD_MAX, MSG.passwordTooLong),
      confirmPassword: z.string().trim().optional(),
    })
    .refine(confirmationGiven, {
      message: MSG.resetRequired,
      path: ['confirmPassword'],
    })
    .refine(confirmationMatches, {
      message: MSG.resetMismatch,
      path: ['confirmPassword'],
    });

/** A blank field is no field (the form always sends one); anything else is trimmed, as at login. */
const blankAsMissing = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);

export const resetPasswordSchema = newPasswordConfirmed({
  username: z.string().trim().min(1, MSG.resetRequired),
  // Beyond the SPEC's payload: without it, a change needs a recent sign-in (core's accounts.ts).
  currentPassword: z.preprocess(blankAsMissing, noNul().max(PASSWORD_MAX, MSG.passwordTooLong).optional()),
});

export const updateBiographySchema = z.object({
  username: z.string().trim().min(1, MSG.notAllowed),
  biography: noNul().max(BIOGRAPHY_MAX, MSG.biographyTooLong),
});

/**
 * POST /user/firebaseLogin: the spec's firebaseId, plus the ID token that proves it (or an
 * Authorization: Bearer header). The email is taken from the verified token, never from the
 * body. Linking to an existing account with the same email needs `linkExisting: true`.
 */
export const firebaseLoginSchema = z.object({
  firebaseId: z.string().trim().max(256).optional(),
  idToken: z.string().trim().max(8192).optional(),
  linkExisting: z.boolean().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type FirebaseLoginInput = z.infer<typeof firebaseLoginSchema>;

/** `/users` sorts, the first the default (Stack Overflow's): by reputation, newest members, name. */
export const USER_SORTS = ['reputation', 'new', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SORT_LABEL: Record<UserSort, string> = { reputation: 'Reputation', new: 'New users', name: 'Name' };
/** Users a `/users` page may show; the middle one is the default. */
export const USER_PAGE_SIZES = [12, 36, 72] as const;
export const USER_PAGE_SIZE_DEFAULT = 36;

/** `/users` query: a name filter, a sort and a page size; anything else falls back to the default. */
export const userListQuerySchema = z.object({
  filter: noNul().trim().max(100).optional().catch(undefined),
  sort: z.enum(USER_SORTS).catch('reputation').default('reputation'),
  pagesize: z.coerce
    .number()
    .refine((n) => (USER_PAGE_SIZES as readonly number[]).includes(n))
    .catch(USER_PAGE_SIZE_DEFAULT)
    .default(USER_PAGE_SIZE_DEFAULT),
});
export type UserListParams = z.infer<typeof userListQuerySchema>;
