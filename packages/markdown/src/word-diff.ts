/**
 * A word-level diff for a post's revisions: the text split into words and the whitespace
 * between them, the common start and end set aside, and the middle aligned by Myers' O(ND)
 * algorithm in linear space (the middle snake, split and recursed, as in diff-match-patch's
 * bisect). Its work is capped: past DIFF_WORK_MAX steps (a rewrite, not an edit) the changed
 * middle is shown as removed and added whole, so one diff costs a few milliseconds at most
 * whatever the texts (issue 39: an LCS table of 4M cells per revision held the event loop).
 */
import type { DiffPart } from '@fso/shared';

/** Steps of the search (diagonals extended, tokens compared) a diff may take before it gives up aligning. */
export const DIFF_WORK_MAX = 200_000;

const tokens = (text: string) => text.split(/(\s+)/).filter((t) => t !== '');

class Budget {
  left = DIFF_WORK_MAX;
  spend(steps: number): void {
    this.left -= steps;
    if (this.left < 0) throw OVER_BUDGET;
  }
}
const OVER_BUDGET = new Error('diff over budget');

/** Collects runs, merging neighbours of one kind. */
class Parts {
  readonly list: DiffPart[] = [];
  push(kind: DiffPart[0], text: string): void {
    if (!text) return;
    const last = this.list.at(-1);
    if (last?.[0] === kind) last[1] += text;
    else this.list.push([kind, text]);
  }
}

/**
 * Edit script of a[aLo..aHi) to b[bLo..bHi) as [kind, index] steps (index into a for kept and
 * removed tokens, into b for added ones), appended to `out`.
 */
function align(
  a: Int32Array,
  b: Int32Array,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  out: number[],
  budget: Budget,
): void {
  let start = 0;
  while (aLo + start < aHi && bLo + start < bHi && a[aLo + start] === b[bLo + start]) start++;
  let end = 0;
  while (aHi - end > aLo + start && bHi - end > bLo + start && a[aHi - end - 1] === b[bHi - end - 1]) end++;
  budget.spend(start + end + 1);
  for (let i = 0; i < start; i++) out.push(0, aLo + i);
  const [x0, x1, y0, y1] = [aLo + start, aHi - end, bLo + start, bHi - end];
  if (x0 === x1) for (let j = y0; j < y1; j++) out.push(1, j);
  else if (y0 === y1) for (let i = x0; i < x1; i++) out.push(-1, i);
  else {
    const [x, y] = middleSnake(a, b, x0, x1, y0, y1, budget);
    align(a, b, x0, x, y0, y, out, budget);
    align(a, b, x, x1, y, y1, out, budget);
  }
  for (let i = aHi - end; i < aHi; i++) out.push(0, i);
}

/**
 * Diagonal k's furthest reach in `v` after d edits (one more edit from a neighbour diagonal, then
 * along equal tokens of a[aOff..] and b[bOff..]); stores and returns its x.
 */
function extend(
  v: Int32Array,
  i: number,
  k: number,
  d: number,
  a: Int32Array,
  b: Int32Array,
  aOff: number,
  bOff: number,
  n: number,
  m: number,
  budget: Budget,
): number {
  let x = k === -d || (k !== d && v[i - 1]! < v[i + 1]!) ? v[i + 1]! : v[i - 1]! + 1;
  let y = x - k;
  const from = x;
  while (x < n && y < m && a[aOff + x] === b[bOff + y]) {
    x++;
    y++;
  }
  budget.spend(x - from);
  v[i] = x;
  return x;
}

/**
 * A point (x, y) on a shortest edit path of a[x0..x1) to b[y0..y1), found by running the path
 * forward from the start and backward from the end until they meet (both ranges non-empty, and
 * differing in their first and last tokens, so the point splits the problem in two smaller ones).
 */
function middleSnake(
  a: Int32Array,
  b: Int32Array,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  budget: Budget,
): [number, number] {
  const n = x1 - x0;
  const m = y1 - y0;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD;
  const size = 2 * maxD + 2;
  budget.spend(size + n + m);
  const forward = new Int32Array(size).fill(-1);
  const backward = new Int32Array(size).fill(-1);
  // The backward pass runs forward over both ranges reversed.
  const aBack = a.slice(x0, x1).reverse();
  const bBack = b.slice(y0, y1).reverse();
  forward[offset + 1] = 0;
  backward[offset + 1] = 0;
  const delta = n - m;
  const front = delta % 2 !== 0;
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;
  for (let d = 0; d < maxD; d++) {
    budget.spend(2 * d + 2);
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const x = extend(forward, offset + k1, k1, d, a, b, x0, y0, n, m, budget);
      const y = x - k1;
      if (x > n) k1end += 2;
      else if (y > m) k1start += 2;
      else if (front) {
        const i2 = offset + delta - k1;
        if (i2 >= 0 && i2 < size && backward[i2] !== -1 && x >= n - backward[i2]!) return [x0 + x, y0 + y];
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const x = extend(backward, offset + k2, k2, d, aBack, bBack, 0, 0, n, m, budget);
      const y = x - k2;
      if (x > n) k2end += 2;
      else if (y > m) k2start += 2;
      else if (!front) {
        const i1 = offset + delta - k2;
        if (i1 >= 0 && i1 < size && forward[i1] !== -1) {
          const fx = forward[i1]!;
          if (fx >= n - x) return [x0 + fx, y0 + offset + fx - i1];
        }
      }
    }
  }
  // No common token at all: remove everything, then add everything.
  return [x1, y0];
}

/**
 * The runs that turn `before` into `after`, word by word; removed and added whole past the
 * work cap. Joining the kept and removed runs gives `before`, the kept and added ones `after`.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const ids = new Map<string, number>();
  const intern = (list: string[]) => Int32Array.from(list, (t) => ids.get(t) ?? ids.set(t, ids.size).size - 1);
  const aTokens = tokens(before);
  const bTokens = tokens(after);
  const a = intern(aTokens);
  const b = intern(bTokens);
  const parts = new Parts();
  const steps: number[] = [];
  try {
    align(a, b, 0, a.length, 0, b.length, steps, new Budget());
  } catch (error) {
    if (error !== OVER_BUDGET) throw error;
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    let end = 0;
    while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
    parts.push(0, aTokens.slice(0, start).join(''));
    parts.push(-1, aTokens.slice(start, a.length - end).join(''));
    parts.push(1, bTokens.slice(start, b.length - end).join(''));
    parts.push(0, aTokens.slice(a.length - end).join(''));
    return parts.list;
  }
  for (let s = 0; s < steps.length; s += 2) {
    const kind = steps[s] as DiffPart[0];
    parts.push(kind, (kind === 1 ? bTokens : aTokens)[steps[s + 1]!]!);
  }
  return parts.list;
}
