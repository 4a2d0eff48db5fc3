/**
 * Public surface of @fso/mail: the mails the site sends, written as plain text and HTML from the
 * words of packages/shared/src/mail-texts.ts, and the signed tokens of their links (tokens.ts).
 * Presentation and signing only: who is mailed what, and when, and whether a link still works,
 * is core's (packages/core/src/mail/rules.ts).
 */
export {
  confirmMail,
  digestMail,
  notificationMail,
  resetMail,
  watchedQuestionMail,
  type MailFooter,
  type MailSite,
  type RenderedMail,
} from './templates.ts';
export { hashToken, mailKey, newToken, readUnsubscribeToken, tokenFor, unsubscribeToken } from './tokens.ts';
