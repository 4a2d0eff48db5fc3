/** Public surface of @fso/core: every use case, as plain functions over injected ports (the search engine itself: `@fso/search`). */
export * from './result.ts';
export * from './ports.ts';
export * from './games/index.ts';
export * from './caller.ts';
export { createLimiter } from './limits/limiter.ts';
export { admit } from './limits/admit.ts';
export { previewPost } from './post-body.ts';
export * from './qa/questions.ts';
export * from './qa/answer-context.ts';
export * from './qa/accept.ts';
export * from './qa/votes.ts';
export * from './qa/reputation.ts';
export * from './qa/edits.ts';
export * from './qa/deletions.ts';
export * from './qa/undelete.ts';
export * from './qa/comment-edits.ts';
export * from './qa/comment-votes.ts';
export * from './qa/revisions.ts';
export { relatedQuestions, RELATED_SHOWN } from './qa/related.ts';
export { linkedQuestions, LINKED_SHOWN } from './qa/linked.ts';
export * from './qa/semantic-search.ts';
export type { SemanticHit } from '@fso/search';
export * from './notifications/notifications.ts';
export * from './messaging/messaging.ts';
export * from './accounts/accounts.ts';
export { hashPassword } from './accounts/passwords.ts';
export * from './accounts/external-accounts.ts';
export * from './limits/refusal-memory.ts';
export * from './qa/reads.ts';
export * from './tags/tags.ts';
export * from './tags/tag-wiki.ts';
export * from './accounts/profiles.ts';
export { identiconSvg } from './accounts/identicon.ts';
export * from './messaging/reads.ts';
export { seedDemo } from './ops/demo-seed.ts';
export * from './ops/expiry.ts';
export {
  DUMP_FILES,
  OPTIONAL_DUMP_FILES,
  importDump,
  type Dump,
  type DumpFile,
  type DumpRow,
  type ImportReport,
} from './ops/stackexchange-import.ts';
export { renderStoredBodies } from './ops/render-bodies.ts';
export * from './mail/delivery.ts';
export * from './mail/outbox.ts';
export { mailKey, readUnsubscribeToken } from './mail/tokens.ts';
export { withDefaults as mailSettingsWithDefaults, tokenState, type TokenState } from './mail/rules.ts';
export type { MailSite, RenderedMail } from './mail/templates.ts';
export * from './mail/account-mail.ts';
export * from './mail/preferences.ts';
export * from './moderation/privileges.ts';
export * from './moderation/roles.ts';
export * from './moderation/log.ts';
export * from './moderation/flag-rules.ts';
export * from './moderation/flags.ts';
export * from './moderation/spammer.ts';
export * from './moderation/review.ts';
export * from './moderation/suggested-edits.ts';
export * from './moderation/closing.ts';
export * from './moderation/close-questions.ts';
export * from './moderation/suspensions.ts';
export * from './moderation/serial-votes.ts';
