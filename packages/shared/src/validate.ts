/**
 * Turns a zod result into the one result shape (game-engine/src/result.ts): the parsed value,
 * or an `invalid` failure whose message is the first issue's, which the schemas set to the
 * SPEC §5 texts, or a plain one (human-issues.ts) where a schema sets none.
 */
import type { z } from 'zod';
import { succeed, type Failure, type Result } from '@fso/game-engine';
import { humanIssue } from './human-issues.ts';

const HUMAN = { error: humanIssue };

/** A form's failure: also the first message for each field, for forms that show an error under every field. */
export type FieldFailure = Failure & { errors: Record<string, string> };

function firstIssue(issues: z.core.$ZodIssue[]): Failure {
  const issue = issues[0];
  const field = issue?.path[0];
  const failure: Failure = { ok: false, kind: 'invalid', message: issue?.message ?? 'Invalid input.' };
  if (typeof field === 'string') failure.field = field;
  return failure;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>> {
  const result = schema.safeParse(input, HUMAN);
  return result.success ? succeed(result.data) : firstIssue(result.error.issues);
}

/** parseWith, with every field's first message on a failure. */
export function fieldErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | FieldFailure {
  const result = schema.safeParse(input, HUMAN);
  if (result.success) return succeed(result.data);
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { ...firstIssue(result.error.issues), errors };
}
