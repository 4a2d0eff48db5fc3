/**
 * A filter box that follows typing without aborting requests (issue 42): its form is submitted
 * a moment after the last keystroke, and never while a navigation is loading; once that settles,
 * the newest input is submitted if it is not what the page shows. Submitting on every keystroke
 * aborted the request before, and an aborted data request logs an AbortError in the console.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useNavigation, useSubmit } from '@remix-run/react';

const SETTLE_MS = 200;

/** `shown`: the filter the page's data is for. Answers the input's onChange. */
export function useFilterSubmit(shown: string) {
  const submit = useSubmit();
  const idle = useNavigation().state === 'idle';
  const [typed, setTyped] = useState<{ form: HTMLFormElement; value: string } | null>(null);
  useEffect(() => {
    if (!typed || !idle || typed.value === shown) return;
    const timer = setTimeout(() => submit(typed.form, { replace: true }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, idle, shown, submit]);
  return (e: ChangeEvent<HTMLInputElement>) => {
    const form = e.currentTarget.form;
    if (form) setTyped({ form, value: e.currentTarget.value.trim() });
  };
}
