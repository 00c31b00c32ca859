/**
 * A submitted form -> the JSON body of our API. The browser builds it from the same named
 * fields that a form without JavaScript posts, so both paths send the same data. Empty values
 * are left out; the flat `utm_*` fields are nested under `utm` as the subscription contract
 * expects.
 */
const utmPrefix = 'utm_';

/** Fields that describe the form itself, not the lead. */
const formOnlyFields = new Set(['form']);

export function leadPayload(
  entries: Iterable<[string, FormDataEntryValue]>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const utm: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || formOnlyFields.has(name)) continue;
    if (name.startsWith(utmPrefix)) {
      if (value.trim() !== '') utm[name] = value;
    } else {
      payload[name] = value;
    }
  }
  if (Object.keys(utm).length > 0) payload.utm = utm;
  return payload;
}

/** The UTM parameters of a query string, for the hidden fields of sign-up forms. */
export function utmFromSearch(search: string): Record<string, string> {
  const utm: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (name.startsWith(utmPrefix) && value.trim() !== '') utm[name] = value.slice(0, 200);
  }
  return utm;
}
