import type { PublicConfig } from '../contracts/public-config';

declare const __PUBLIC_CONFIG__: PublicConfig;

/**
 * The browser-visible settings (see `toPublicConfig` in server/env.ts), baked in at build by
 * Vite's `define` so the prerendered HTML and the hydrated page agree.
 */
export const publicConfig: PublicConfig = __PUBLIC_CONFIG__;
