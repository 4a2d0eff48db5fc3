/** "1 answer", "24,615 views": a count with its noun, for every list and tally on the screens. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n.toLocaleString('en')} ${n === 1 ? noun : plural}`;
