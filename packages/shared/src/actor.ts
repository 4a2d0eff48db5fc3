/** The "payload must name the actor" rule, one for REST, screens and sockets. */

/**
 * Whether a name a payload gives for who acts (askedBy, ansBy, msgFrom, playerID…) is the
 * signed-in user's: spaces around it ignored, case ignored as in usernames. An absent name
 * claims nobody else, so it passes; a false answer is a 403.
 */
export function namesActor(actor: string, claimed: string | undefined): boolean {
  return claimed === undefined || actor.trim().toLowerCase() === claimed.trim().toLowerCase();
}
