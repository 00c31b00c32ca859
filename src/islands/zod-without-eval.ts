/**
 * The CSP allows no eval, and zod probes for it with `new Function` when its first object schema
 * is made: the probe is caught, but the browser still reports a CSP violation. Without its JIT,
 * zod never probes. This sets zod's `jitless` option where zod keeps its configuration, shared by
 * every copy (`globalThis.__zod_globalConfig`, what `z.config()` writes), without importing zod
 * into every page's code: src/islands/start.ts imports it, and it runs before any island (and so
 * any schema from contracts/) has loaded.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
