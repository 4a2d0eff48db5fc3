/**
 * The words of every mail the site sends (the templates in packages/mail/src/templates.ts
 * lay them out as plain text and HTML). `site` is the site's name.
 */
import type { DigestCadence } from './mail.ts';

export const SITE_NAME = 'Fake Stack Overflow';

const quoted = (title: string | null) => `"${title ?? 'a deleted question'}"`;

export const MAIL_TEXT = {
  resetSubject: (site: string) => `Reset your password on ${site}`,
  resetIntro: (username: string) =>
    `Someone, hopefully you, asked to reset the password of ${username}. This link works once, for one hour:`,
  resetButton: 'Choose a new password',
  resetIgnore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  confirmSubject: (site: string) => `Confirm your email address on ${site}`,
  confirmIntro: (username: string, email: string) =>
    `Confirm that ${email} is the address of ${username}. This link works once, for 24 hours:`,
  confirmButton: 'Confirm this address',
  confirmIgnore: 'If you did not ask for this, ignore this mail: nothing changes.',
  answerSubject: (title: string | null) => `New answer to ${quoted(title)}`,
  answerIntro: (actor: string) => `${actor} answered a question you follow:`,
  commentSubject: (title: string | null) => `New comment on ${quoted(title)}`,
  commentIntro: (actor: string) => `${actor} commented:`,
  mentionSubject: (actor: string, title: string | null) => `${actor} mentioned you on ${quoted(title)}`,
  mentionIntro: (actor: string) => `${actor} mentioned you:`,
  acceptedSubject: (title: string | null) => `Your answer to ${quoted(title)} was accepted`,
  acceptedIntro: (actor: string) => `${actor} accepted your answer. +15 reputation.`,
  moderationSubject: (title: string | null) => (title ? `A moderator acted on “${title}”` : 'About your account'),
  moderationIntro: (actor: string) => `${actor}, a moderator:`,
  messageSubject: (actor: string) => `New message from ${actor}`,
  messageIntro: (actor: string) => `${actor} sent you a direct message while you were away:`,
  openButton: 'Open it on the site',
  replyButton: 'Reply',
  watchedSubject: (tags: string[], title: string) => `New question in ${tags.map((t) => `[${t}]`).join(' ')}: ${title}`,
  watchedIntro: (asker: string) => `${asker} asked a question in a tag you watch:`,
  digestSubject: (cadence: DigestCadence, site: string) => `Your ${cadence} digest from ${site}`,
  digestIntro: (cadence: DigestCadence) =>
    `What happened since your last ${cadence === 'daily' ? 'daily' : 'weekly'} digest that you have not seen on the site.`,
  digestActivity: 'Activity on what you follow',
  digestQuestions: 'Top new questions in your tags',
  digestQuestionMeta: (score: number, answers: number, tags: string[]) =>
    `${score} votes · ${answers} ${answers === 1 ? 'answer' : 'answers'} · ${tags.map((t) => `[${t}]`).join(' ')}`,
  someone: 'Someone',
  footerWhy: (username: string, what: string) => `You get this mail as ${username}, for ${what}.`,
  footerUnsubscribe: 'Unsubscribe',
  footerSettings: 'Mail settings',
  footerAccount: (username: string) => `This mail was sent to the address of ${username}.`,
} as const;
