import { z } from 'zod';

/** Every error answer of the JSON API: a message, plus one message per bad field for 400s. */
export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Flattens a zod error into { field: first message }, the shape of ApiError.fields. A key the
 * schema does not know is named as a field of its own ("Unknown field."), so the caller sees which.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const at = issue.path.map(String);
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...at, key]) : [at];
    for (const path of keys) fields[path.length > 0 ? path.join('.') : '_'] ??= issue.message;
  }
  return fields;
}
