import { describe, expect, it } from 'vitest';
import type { TermCount } from '@fso/db';
import { dot } from './embedder.ts';
import { deserializeLsa, lsaVectors, serializeLsa, trainLsa } from './lsa.ts';

// Two topics whose words co-occur only within their topic.
const QUANTUM = ['qubit', 'superposit', 'entangl', 'gate', 'measur'];
const COOKING = ['oven', 'bake', 'flour', 'butter', 'sugar'];
const docs = (words: string[], from: number): TermCount[] =>
  Array.from({ length: 12 }, (_, d) =>
    [0, 1, 2].map((i) => ({ doc: from + d, lexeme: words[(d + i) % words.length]!, count: 1 + (d % 2), title: 0 })),
  ).flat();
const corpus = [
  ...docs(QUANTUM, 1),
  ...docs(COOKING, 100),
  { doc: 1, lexeme: 'common', count: 1, title: 0 },
  { doc: 100, lexeme: 'common', count: 1, title: 0 },
];
const text = (doc: number, ...words: string[]) => words.map((lexeme) => ({ doc, lexeme, count: 1, title: 0 }));

describe('LSA', () => {
  it('relates words that share posts, even when two texts share none', () => {
    const model = trainLsa(corpus, { k: 4 })!;
    const v = lsaVectors(model, [
      ...text(1, 'qubit', 'gate'),
      ...text(2, 'entangl', 'measur'),
      ...text(3, 'oven', 'sugar'),
      ...text(4, 'unknown'),
    ]);
    expect(dot(v.get(1)!, v.get(2)!)).toBeGreaterThan(0.8);
    expect(dot(v.get(1)!, v.get(3)!)).toBeLessThan(0.3);
    expect(v.get(4)).toBeNull();
  });

  it('round-trips through the bytes stored in the database', () => {
    const model = trainLsa(corpus, { k: 4 })!;
    const back = deserializeLsa(serializeLsa(model));
    expect([...back.terms]).toEqual([...model.terms]);
    expect(back.k).toBe(model.k);
    expect(Array.from(back.projection)).toEqual(Array.from(model.projection));
    expect(Array.from(back.idf)).toEqual(Array.from(model.idf));
    expect(back.corpus).toEqual(model.corpus);
  });

  it('needs a few shared terms to train at all', () => {
    expect(trainLsa(text(1, 'alone'))).toBeNull();
  });
});
