/**
 * What a screen's server render needs but its hydration does not (docs/decisions/0043). A
 * loader answering a request for a whole document keeps such a value for the render
 * (`context.renderOnly`, given to the components by entry.server.tsx) and sends null in the
 * page's hydration data; a client navigation's data request (`.data`) gets the value itself. The
 * question page's rendered bodies go this way: they are in the document already, once, and the
 * browser keeps them, since hydration leaves an element's `dangerouslySetInnerHTML` content as
 * the server wrote it and React replaces it only when a later render changes it.
 */
import type { AppLoadContext } from '@remix-run/node';
import { createContext, useContext } from 'react';

export const RenderOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());

/** In a loader: `value`, or null with `value` kept for this document's server render. */
export function renderOnly<T>(context: AppLoadContext, key: string, value: T): T | null {
  if (!context.renderOnly) return value;
  context.renderOnly.set(key, value);
  return null;
}

/** In a component: the loader's value, else the one kept for the server render (none in a browser). */
export function useRenderOnly<T>(key: string, fromLoader: T | null): T | undefined {
  const kept = useContext(RenderOnlyContext);
  return fromLoader ?? (kept.get(key) as T | undefined);
}
