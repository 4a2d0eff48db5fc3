import { describe, expect, it } from 'vitest';
import type { TermCount } from '@fso/db';
import { EXPANSION_WEIGHT, expandQuery } from './expansion.ts';
import { trainLsa } from './lsa.ts';

// Three topics whose words co-occur only within their topic.
const TOPICS = [
  ['qubit', 'superposit', 'entangl', 'gate', 'measur', 'decoher'],
  ['oven', 'bake', 'flour', 'butter', 'sugar', 'yeast'],
  ['goal', 'referee', 'striker', 'offsid', 'penalti', 'keeper'],
];
const corpus: TermCount[] = TOPICS.flatMap((words, topic) =>
  Array.from({ length: 20 }, (_, d) =>
    [0, 1, 2].map((i) => ({
      doc: 100 * topic + d + 1,
      lexeme: words[(d + i) % words.length]!,
      count: 1 + (d % 2),
      title: 0,
    })),
  ).flat(),
);

describe('query expansion', () => {
  for (const k of [4, 16]) {
    it(`adds words that share posts with the query's words, not its own or other topics' (k = ${k}${k % 16 ? '' : ', int8 scan'})`, () => {
      const model = trainLsa(corpus, { k })!;
      expect(model.k).toBe(k);
      const added = expandQuery(model, ['qubit', 'gate']);
      expect(added.size).toBeGreaterThan(0);
      for (const [word, weight] of added) {
        expect(TOPICS[0]).toContain(word);
        expect(['qubit', 'gate']).not.toContain(word);
        expect(weight).toBe(EXPANSION_WEIGHT);
      }
      expect(expandQuery(model, ['unknown']).size).toBe(0);
    });
  }

  it('adds nothing without a trained model', () => {
    expect(expandQuery(null, ['qubit']).size).toBe(0);
  });
});
