/** Reading HTML form posts: fields as trimmed-free strings, the way zod schemas expect them. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}
