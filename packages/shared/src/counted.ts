/**
 * "1 answer", "24,615 views": a count with its noun, for every list and tally on the screens. A
 * whole number from 0 to 999 has no separator to place, so it skips the locale formatter (a
 * list page counts 60 times, and `toLocaleString` is the dearer call).
 */
const plain = (n: number) => Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0);
export const counted = (n: number, noun: string, plural = `${noun}s`) =>
  `${plain(n) ? String(n) : n.toLocaleString('en')} ${n === 1 ? noun : plural}`;
