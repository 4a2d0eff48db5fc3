/**
 * Who is told, as pure functions of what the database loaded (issue 40): the notice of a
 * moderator's action (or of a closing vote) goes to the user it concerns, never to the actor; a
 * new question in a watched tag is mailed at once to the watchers who want that. db stores the
 * list it is given, in the transaction of the write. (Answers, comments, accepts and messages:
 * `planNotifications` in @fso/shared.)
 */
import type { ModerationNotice, TagWatcher } from '@fso/db';
import { DEFAULT_MAIL_SETTINGS } from '@fso/shared';

/** The notice of `actorId`'s action on what `subjectId` wrote or is: to them, unless they did it themselves or their account is gone (null). */
export function moderationNotice(subjectId: number | null, actorId: number, excerpt: string): ModerationNotice {
  return { to: subjectId === null || subjectId === actorId ? [] : [subjectId], excerpt };
}

/**
 * A question's mail to its tags' watchers: each with an address whose cadence for watched tags
 * (theirs, else the default) is "immediately", never its asker; nobody while it is held for review
 * (its approval mails them then).
 */
export function watchedQuestionMailTo(
  question: { askerId: number | null; held: boolean },
  watchers: readonly TagWatcher[],
): number[] {
  if (question.held) return [];
  return watchers
    .filter(
      (w) =>
        w.userId !== question.askerId &&
        w.hasAddress &&
        (w.cadence ?? DEFAULT_MAIL_SETTINGS.watchedTags) === 'immediately',
    )
    .map((w) => w.userId);
}
