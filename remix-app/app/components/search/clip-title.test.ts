import { describe, expect, it } from 'vitest';
import { clipTitle } from './clip-title.ts';

describe('clipTitle', () => {
  it('leaves a title that fits whole', () => {
    expect(clipTitle('How do qubits work?', 20)).toBe('How do qubits work?');
  });
  it('cuts at the last word boundary that fits and ends with an ellipsis', () => {
    expect(clipTitle('What is the difference between a qubit and a classical bit', 30)).toBe('What is the difference…');
  });
  it('drops punctuation left at the cut', () => {
    expect(clipTitle('Entanglement, decoherence, and measurement in practice', 27)).toBe('Entanglement, decoherence…');
  });
  it('never returns more than max characters', () => {
    const long = 'word '.repeat(60);
    expect(clipTitle(long, 50).length).toBeLessThanOrEqual(50);
    expect(clipTitle('x'.repeat(200), 50)).toBe(`${'x'.repeat(49)}…`);
  });
});
