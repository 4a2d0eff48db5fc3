/**
 * Suggestions for the tag being typed (the last word of the Tags field): existing tags that
 * contain it and their question counts from GET /tag/suggestTags, as a datalist, so the
 * browser offers them as a native, accessible combobox. Each option completes the field.
 * Needs JavaScript; without it the field is a plain input.
 */
import { useEffect, useState } from 'react';
import { counted, type TagSuggestion } from '@fso/shared';
import { useDebouncedWork } from '../debounced.ts';

const DEBOUNCE_MS = 200;

export function TagSuggestions({ id, input }: { id: string; input: string }) {
  const [found, setFound] = useState<TagSuggestion[]>([]);
  const head = input.replace(/\S*$/, '');
  const prefix = input.slice(head.length);
  useEffect(() => {
    if (!prefix) setFound([]);
  }, [prefix]);
  useDebouncedWork(prefix || null, DEBOUNCE_MS, async (typed, signal) => {
    const response = await fetch(`/tag/suggestTags?${new URLSearchParams({ prefix: typed, limit: '8' })}`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    setFound(response.ok ? ((await response.json()) as TagSuggestion[]) : []);
  });
  return (
    <datalist id={id}>
      {found.map((t) => (
        <option key={t.name} value={`${head}${t.name} `} label={`${t.name} (${counted(t.qcnt, 'question')})`} />
      ))}
    </datalist>
  );
}
