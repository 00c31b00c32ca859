import { scriptJson } from '../lib/script-json';

/**
 * Island props travel from the prerender to the browser as JSON inside
 * `<script type="application/json">`, escaped so no value can close the element (scriptJson).
 * Functions, symbols and bigints cannot cross: they fail the build instead of vanishing.
 */
export function serializeIslandProps(name: string, props: unknown): string {
  return scriptJson(props, (key, value) => {
    const type = typeof value;
    if (type === 'function' || type === 'symbol' || type === 'bigint') {
      throw new TypeError(
        `Island "${name}": prop "${key}" is a ${type}; island props must be JSON data`,
      );
    }
    return value;
  });
}

export function parseIslandProps(text: string | null): unknown {
  return JSON.parse(text ?? 'null');
}
