/** "1 answer", "3 answers": a count with its noun, for every list and tally on the screens. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
