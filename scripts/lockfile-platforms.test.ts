import { describe, expect, it } from 'vitest';
import { platformOf } from './lockfile-platforms';

describe('platformOf', () => {
  it.each([
    ['@biomejs/cli-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@biomejs/cli-linux-x64-musl', { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
    ['@tailwindcss/oxide-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@tailwindcss/oxide-win32-x64-msvc', { os: ['win32'], cpu: ['x64'] }],
    ['@tailwindcss/oxide-wasm32-wasi', { cpu: ['wasm32'] }],
    ['some-plain-package', {}],
  ])('%s', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });
});
