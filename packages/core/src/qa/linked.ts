/** "Linked" beside a question (issue 42): the questions its posts link to and those whose posts link to it, best scored first. */
import { linkedQuestions as readLinked, type QuestionLink } from '@fso/db';
import type { Ports } from '../ports.ts';

export const LINKED_SHOWN = 10;

export const linkedQuestions = (ports: Ports, questionId: number): Promise<QuestionLink[]> =>
  readLinked(ports.db, questionId, LINKED_SHOWN);
