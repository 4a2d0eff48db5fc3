/**
 * Reading a move's fields from outside input, for each game's `parseMove`: a form sends text, a
 * socket numbers. The rules, not the reading, decide which numbers are legal.
 */

/** A finite number, or a non-blank text that reads as one (" 3 " is 3); otherwise null. */
export function numberField(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
