/**
 * Reading HTML form posts: fields as trimmed-free strings, the way zod schemas expect them.
 * Anything else posted to a screen (JSON, no body, a broken form) is a 400 with a plain text.
 */
import { MSG } from '@fso/shared';
import { isFormPost, textError } from './http.server.ts';

export async function formFields(request: Request): Promise<Record<string, string>> {
  if (!isFormPost(request)) throw textError(400, MSG.formRequired);
  const form = await request.formData().catch(() => {
    throw textError(400, MSG.formRequired);
  });
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}
