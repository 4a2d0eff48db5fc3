/**
 * Turns a zod result into the one human message a form or a 400 response shows: the first
 * issue's message, which the schemas set to the SPEC §5 texts, or a plain one (human-issues.ts)
 * where a schema sets none.
 */
import type { z } from 'zod';
import { humanIssue } from './human-issues.ts';

const HUMAN = { error: humanIssue };

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: string; field?: string };

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input, HUMAN);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    error: issue?.message ?? 'Invalid input.',
    field: typeof field === 'string' ? field : undefined,
  };
}

/** The first message for each field, for forms that show an error under every field. */
export function fieldErrors<S extends z.ZodType>(schema: S, input: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(input, HUMAN);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
