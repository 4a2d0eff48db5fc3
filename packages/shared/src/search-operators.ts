/**
 * The search box's operators beyond `[tag]` (issue 42, as on Stack Overflow): what each one
 * filters, the filters a parsed search carries, the help the box shows beside it and the
 * message for a value it cannot use.
 */
export interface SearchFilters {
  /** The asker's (or with `is:answer`, the answerer's) username. */
  user?: string;
  /** Questions (the default) or answers. */
  is?: 'question' | 'answer';
  /** At least this score. */
  score?: number;
  /** At least this many answers. */
  answers?: number;
  /** Has (or has not) an accepted answer; with `is:answer`, is (or is not) the accepted one. */
  accepted?: boolean;
  /** Closed (or open). */
  closed?: boolean;
}

/** The operators in the order the help lists them: an example and what it finds. */
export const SEARCH_OPERATORS = [
  { example: '[quantum-gate]', finds: 'questions in that tag' },
  { example: 'user:alice', finds: 'posts by alice' },
  { example: 'is:question', finds: 'questions only (the default)' },
  { example: 'is:answer', finds: 'answers instead of questions' },
  { example: 'score:3', finds: 'a score of 3 or more' },
  { example: 'answers:2', finds: 'questions with at least 2 answers' },
  { example: 'isaccepted:yes', finds: 'an accepted answer (no: none)' },
  { example: 'closed:no', finds: 'open questions (yes: closed ones)' },
  { example: '"exact phrase" -word', finds: 'a phrase; without a word' },
] as const;

export const SEARCH_MSG = {
  badUser: 'user: needs a username, as in user:alice.',
  badIs: 'is: takes question or answer, as in is:answer.',
  badNumber: (op: string) => `${op}: needs a whole number, as in ${op}:3.`,
  badYesNo: (op: string) => `${op}: takes yes or no, as in ${op}:yes.`,
  answersOnTheSite: 'is:answer: this list holds questions; search answers in the site’s search box.',
  answersOfAnswers: 'answers: counts a question’s answers; it cannot be used with is:answer.',
} as const;
