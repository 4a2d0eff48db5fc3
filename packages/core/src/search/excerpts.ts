/**
 * Search results' excerpts for the question list: each listed question's title and the part of
 * its text around the first matched word, with the matches marked, computed on the server from
 * a bounded prefix of the stored text (one query for the page).
 */
import { questionTextPrefixes } from '@fso/db';
import { highlight, searchExcerpt, searchTerms, type Segment } from '@fso/shared';
import type { Ports } from '../ports.ts';

export interface SearchHighlights {
  title: Segment[];
  excerpt: Segment[];
}

export async function searchHighlights(ports: Ports, search: string, questions: { _id: string; title: string }[]): Promise<Record<string, SearchHighlights> | null> {
  const terms = searchTerms(search);
  if (terms.length === 0 || questions.length === 0) return null;
  const texts = await questionTextPrefixes(
    ports.db,
    questions.map((q) => Number(q._id)),
  );
  return Object.fromEntries(questions.map((q) => [q._id, { title: highlight(q.title, terms), excerpt: searchExcerpt(texts.get(Number(q._id)) ?? '', terms) }]));
}
