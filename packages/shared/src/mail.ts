/**
 * Email's vocabulary (issue 43, docs/decisions/0083-email.md): the kinds of mail a user can
 * choose how often to get, the choices and their defaults, the texts of the mail screens and
 * of the mails themselves, and the zod schemas of the mail REST paths and forms. Pure data and
 * schemas: who gets which mail when is decided in packages/core/src/mail/.
 */
import { z } from 'zod';
import { newPasswordConfirmed } from './user.schemas.ts';
import { MSG } from './messages.ts';
import { noNul } from './text-rules.ts';
import { idSchema } from './qa.schemas.ts';
import type { NotificationKind } from './notifications.ts';

/** What a user can choose how often to hear about by mail. */
export const MAIL_KINDS = ['answers', 'mentions', 'accepted', 'messages', 'watchedTags'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const CADENCES = ['immediately', 'daily', 'weekly', 'never'] as const;
export type Cadence = (typeof CADENCES)[number];
export type DigestCadence = Extract<Cadence, 'daily' | 'weekly'>;

export type MailSettings = Record<MailKind, Cadence>;

/** Answers come at once (they are why people ask), new questions in watched tags once a week, as Discourse's digest. */
export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  answers: 'immediately',
  mentions: 'immediately',
  accepted: 'daily',
  messages: 'immediately',
  watchedTags: 'weekly',
};

/** Which setting governs the mail for an inbox notification of each kind. */
export const MAIL_KIND_OF_NOTIFICATION: Record<NotificationKind, MailKind> = {
  answer: 'answers',
  comment: 'answers',
  mention: 'mentions',
  accepted: 'accepted',
  message: 'messages',
  // What a moderator did to one's post or account is addressed to one, as a mention is.
  moderation: 'mentions',
};

export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  answers: 'Answers and comments on what I follow',
  mentions: '@mentions of me',
  accepted: 'My answers accepted',
  messages: 'Direct messages while I am away',
  watchedTags: 'New questions in my watched tags',
};

export const CADENCE_LABEL: Record<Cadence, string> = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  never: 'Never',
};

/** "Immediately" waits this long, so that what the user sees on the site meanwhile is not mailed too. */
export const IMMEDIATE_MAIL_DELAY_MS = 5 * 60_000;
/** A password-reset link works this long, once. */
export const RESET_TOKEN_MS = 60 * 60_000;
/** An address-confirmation link works this long, once. */
export const CONFIRM_TOKEN_MS = 24 * 60 * 60_000;
export const EMAIL_MAX = 254;

/** Texts of the mail screens and paths. */
export const MAIL_MSG = {
  forgotLink: 'Forgot your password?',
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter your username or email address and we will send you a link to choose a new password.',
  resetRequested:
    'If an account with that username or email address exists and has a confirmed email address, we have sent it a link to reset the password. The link works for one hour.',
  usernameOrEmailRequired: 'Please enter your username or email address.',
  resetHeading: 'Choose a new password',
  tokenUnknown: 'This link is not valid. Check that you copied the whole link from the mail, or ask for a new one.',
  tokenUsed: 'This link has already been used. Ask for a new one if you still need it.',
  tokenExpired: 'This link has expired. Ask for a new one.',
  tokenRequired: 'The link is missing its token.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'That email address belongs to another account.',
  emailUnchanged: 'That is already your email address.',
  emailSent: (address: string) =>
    `We have sent a link to ${address}. Open it to confirm the address; until then mail goes to the one before.`,
  emailConfirmed: (address: string) => `Your email address is now ${address}.`,
  emailNone: 'No email address yet.',
  emailPending: (address: string) => `Waiting for you to confirm ${address}.`,
  settingsSaved: 'Mail settings saved.',
  settingsInvalid: 'Choose immediately, daily digest, weekly digest or never for each kind of mail.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeHeading: 'Unsubscribe',
  unsubscribed: (what: string) => `Done: you will get no more mail about ${what}.`,
  unsubscribeAsk: (what: string, address: string) => `Stop sending ${address} mail about ${what}?`,
  followed: 'You are following this question: answers and comments on it reach you.',
  unfollowed: 'You no longer follow this question.',
  watched: (tag: string) => `You are watching [${tag}].`,
  unwatched: (tag: string) => `You no longer watch [${tag}].`,
  outboxHeading: 'Outbox',
  outboxIntro:
    'SMTP_URL is not set, so in development mail is kept here instead of being sent. Set SMTP_URL to send it (README).',
  outboxEmpty: 'No mail yet.',
} as const;

/** What an unsubscribe link stops: one kind of mail, or a digest (every kind set to it). */
export type UnsubscribeScope = MailKind | DigestCadence;

export const scopeLabel = (scope: UnsubscribeScope): string =>
  scope === 'daily' || scope === 'weekly' ? `the ${scope} digest` : MAIL_KIND_LABEL[scope].toLowerCase();

const trimmedString = z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string());

/** An address as people type it: one @, something on each side, a dot in the domain, no spaces. */
export const emailSchema = trimmedString.pipe(
  z
    .string()
    .max(EMAIL_MAX, MAIL_MSG.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MAIL_MSG.emailInvalid),
);

/** POST /user/requestPasswordReset: a username or an email address, in the field `username`. */
export const requestPasswordResetSchema = z.object({
  username: trimmedString.pipe(
    noNul().min(1, MAIL_MSG.usernameOrEmailRequired).max(EMAIL_MAX, MAIL_MSG.usernameOrEmailRequired),
  ),
});

const tokenSchema = trimmedString.pipe(z.string().min(1, MAIL_MSG.tokenRequired).max(200, MAIL_MSG.tokenUnknown));

/** POST /user/resetPasswordWithToken, and the reset screen (which also sends the confirmation). */
export const resetPasswordWithTokenSchema = newPasswordConfirmed({ token: tokenSchema });

/** PATCH /user/updateEmail {username, email}: the owner asks to change their address (confirmed by a link). */
export const updateEmailSchema = z.object({
  username: z.string().trim().min(1, MSG.notAllowed),
  email: emailSchema,
});

/** POST /user/confirmEmail {token}. */
export const confirmEmailSchema = z.object({ token: tokenSchema });

/** PATCH /user/updateMailSettings: any of the kinds, each one of the cadences; the others are kept. */
export const mailSettingsSchema = z.strictObject(
  Object.fromEntries(
    MAIL_KINDS.map((kind) => [kind, z.enum(CADENCES, { error: MAIL_MSG.settingsInvalid }).optional()]),
  ) as Record<MailKind, z.ZodOptional<z.ZodEnum<{ [C in Cadence]: C }>>>,
  { error: MAIL_MSG.settingsInvalid },
);
export type MailSettingsInput = z.output<typeof mailSettingsSchema>;

/** POST /question/followQuestion and /question/unfollowQuestion {qid}. */
export const followQuestionSchema = z.object({ qid: idSchema });

/** POST /tag/watchTag and /tag/unwatchTag {name}. */
export const watchTagSchema = z.object({
  name: trimmedString.pipe(z.string().min(1, MSG.tagNotFound).max(35, MSG.tagNotFound)),
});
