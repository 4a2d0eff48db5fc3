/**
 * "3 new questions — show": what arrived live while a list was open, shown on a click (which
 * re-reads the list) instead of moving the list under the reader.
 */
import { useRevalidator } from '@remix-run/react';
import { counted } from '@fso/shared';

export function NewItemsBar({ count, noun }: { count: number; noun: string }) {
  const revalidator = useRevalidator();
  if (count === 0) return null;
  return (
    <p className="new-items-bar" role="status">
      <button type="button" className="link-button" onClick={() => revalidator.revalidate()}>
        {counted(count, `new ${noun}`)} — show
      </button>
    </p>
  );
}
