/**
 * How many characters a limited field holds, once something was typed in it ("101/100" turns
 * red), so a character past the limit is seen, not silently dropped (issue 42). Screen readers
 * hear the schema's message under the field, not every count.
 */
export function LengthCounter({ value, max }: { value: string | undefined; max: number }) {
  if (value === undefined) return null;
  return (
    <small className={value.length > max ? 'length-counter over' : 'length-counter muted'} aria-hidden="true">
      {value.length}/{max}
    </small>
  );
}
