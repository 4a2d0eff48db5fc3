import { describe, expect, it } from 'vitest';
import type { TermCount } from '@fso/db';
import { bm25Scores } from './bm25.ts';
import type { LsaModel } from './lsa.ts';

const term = (doc: number, lexeme: string, count = 1, title = 0): TermCount => ({ doc, lexeme, count, title });
const model: Pick<LsaModel, 'terms' | 'idf' | 'corpus'> = {
  // ln((1 + N) / (1 + df)) + 1 with N = 99: 'gate' in 9 posts, 'qubit' in 49.
  terms: new Map([
    ['gate', 0],
    ['qubit', 1],
  ]),
  idf: Float32Array.from([Math.log(10) + 1, Math.log(2) + 1]),
  corpus: { posts: 99, titleLength: 2, bodyLength: 10, common: ['quantum'] },
};

describe('BM25F', () => {
  it('ranks a title match over the same word in the body, and a rare word over a common one', () => {
    const scores = bm25Scores(model, [
      term(0, 'gate'),
      term(0, 'qubit'),
      term(1, 'gate', 1, 1),
      term(1, 'other', 9),
      term(2, 'gate', 1),
      term(2, 'other', 9),
      term(3, 'qubit', 1, 1),
      term(3, 'other', 9),
    ]);
    expect(scores.get(1)!).toBeGreaterThan(scores.get(2)!);
    expect(scores.get(2)!).toBeGreaterThan(0);
    expect(scores.get(1)!).toBeGreaterThan(scores.get(3)!);
  });

  it('weighs a word too rare for the model above one too common for it, and scores 0 without a shared word', () => {
    const scores = bm25Scores(model, [
      term(0, 'transmon'),
      term(0, 'quantum'),
      term(1, 'transmon'),
      term(2, 'quantum'),
      term(3, 'unrelated'),
    ]);
    expect(scores.get(1)!).toBeGreaterThan(scores.get(2)!);
    expect(scores.get(2)!).toBeGreaterThan(0);
    expect(scores.get(3)).toBe(0);
  });

  it('counts an expansion word at its weight', () => {
    const counts = [term(0, 'gate'), term(1, 'gate'), term(2, 'transmon'), term(3, 'unrelated')];
    const scores = bm25Scores(model, counts, new Map([['transmon', 0.3]]));
    expect(scores.get(2)!).toBeGreaterThan(0);
    expect(scores.get(3)).toBe(0);
    expect(bm25Scores(model, counts).get(2)).toBe(0);
  });

  it('still ranks by shared words without a trained model', () => {
    const scores = bm25Scores(null, [
      term(0, 'gate'),
      term(0, 'qubit'),
      term(1, 'gate'),
      term(1, 'qubit'),
      term(2, 'gate'),
      term(2, 'noise'),
    ]);
    expect(scores.get(1)!).toBeGreaterThan(scores.get(2)!);
  });
});
