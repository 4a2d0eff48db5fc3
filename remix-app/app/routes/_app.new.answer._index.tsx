/** `/new/answer` without a question id: "Question ID is missing." and back to /home (SPEC §8). */
import { redirect } from '@remix-run/node';

export const loader = () => redirect('/home?notice=question-id-missing');
