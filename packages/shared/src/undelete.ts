/** How long after deleting it an author may undelete their own question or answer (issue 42, docs/decisions/0096). */
export const UNDELETE_DAYS = 7;
export const UNDELETE_WINDOW_MS = UNDELETE_DAYS * 24 * 60 * 60 * 1000;
