/**
 * Island props travel from the prerender to the browser as JSON inside
 * `<script type="application/json">`: a data block the browser never executes, so the CSP needs
 * no 'unsafe-inline'. `<`, `>` and `&` are written as \u escapes, so no value can close the
 * script element ("</script>") or open a comment; U+2028/2029 are escaped for old parsers.
 * Functions, symbols and bigints cannot cross: they fail the build instead of vanishing.
 */
export function serializeIslandProps(name: string, props: unknown): string {
  const json = JSON.stringify(props, (key, value: unknown) => {
    const type = typeof value;
    if (type === 'function' || type === 'symbol' || type === 'bigint') {
      throw new TypeError(
        `Island "${name}": prop "${key}" is a ${type}; island props must be JSON data`,
      );
    }
    return value;
  });
  return (json ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function parseIslandProps(text: string | null): unknown {
  return JSON.parse(text ?? 'null');
}
