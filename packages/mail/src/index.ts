/**
 * Public surface of @fso/mail: the mails the site sends, written as plain text and HTML from the
 * words of packages/shared/src/mail-texts.ts. Presentation only: who is mailed what, and when,
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
