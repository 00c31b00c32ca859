/**
 * A lead form's named fields -> the JSON body of our API. The browser builds its body with this,
 * and the server reads a native form post (no JavaScript) with it too, so both paths send the
 * same data. No zod here: every page's first load imports this module.
 */

/** The UTM parameters kept with a sign-up; forms carry them as flat hidden fields. */
export const utmKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type UtmKey = (typeof utmKeys)[number];

/** The longest UTM value a form carries (the contract's limit). */
export const utmMaxLength = 200;

function isUtmKey(name: string): name is UtmKey {
  return (utmKeys as readonly string[]).includes(name);
}

/** Names that describe the form itself, not the lead. */
const formOnlyFields = new Set(['form']);

/**
 * Each field by name, the first value of a repeated one; empty UTM values are left out and the
 * others nested under `utm`, as the subscription contract expects. Other empty fields stay, so
 * that the contract names what is missing.
 */
export function formFieldsToBody(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || formOnlyFields.has(name)) continue;
    if (isUtmKey(name)) {
      if (value.trim() !== '') utm[name] ??= value;
    } else {
      body[name] ??= value;
    }
  }
  if (Object.keys(utm).length > 0) body.utm = utm;
  return body;
}

/** The UTM parameters of a query string, for the hidden fields of sign-up forms. */
export function utmFromSearch(search: string): Partial<Record<UtmKey, string>> {
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (isUtmKey(name) && value.trim() !== '') utm[name] ??= value.slice(0, utmMaxLength);
  }
  return utm;
}
