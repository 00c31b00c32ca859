/**
 * JSON for a `<script type="application/json">` or `"application/ld+json"` data block: the
 * browser never executes it, so the CSP needs no 'unsafe-inline'. `<`, `>` and `&` are written
 * as \u escapes, so no value can close the element ("</script>") or open a comment; U+2028/2029
 * are escaped for old parsers. The result parses back to the same value.
 */
export function scriptJson(
  value: unknown,
  replacer?: (this: unknown, key: string, value: unknown) => unknown,
): string {
  return (JSON.stringify(value, replacer) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
