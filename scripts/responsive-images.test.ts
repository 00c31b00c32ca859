import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { responsiveImages, responsiveVariants } from './responsive-images';

const dir = mkdtempSync(join(tmpdir(), 'responsive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function photo(name: string, width: number, height: number, format: 'png' | 'jpeg') {
  const file = join(dir, name);
  const image = sharp({ create: { width, height, channels: 3, background: '#c8f031' } });
  writeFileSync(file, await (format === 'png' ? image.png() : image.jpeg()).toBuffer());
  return file;
}

describe('responsiveVariants', () => {
  it('makes AVIF and WebP at each width up to the original, plus a fallback in its format', async () => {
    const image = await responsiveVariants(await photo('portrait.jpg', 1200, 1500, 'jpeg'));
    expect([image.width, image.height]).toEqual([1200, 1500]);
    expect(image.fallback.map((variant) => variant.width)).toEqual([1200, 960, 480]);
    expect(image.modern.map((variant) => `${variant.type} ${variant.width}`)).toEqual([
      'image/avif 1200',
      'image/avif 960',
      'image/avif 480',
      'image/webp 1200',
      'image/webp 960',
      'image/webp 480',
    ]);
    for (const variant of [...image.fallback, ...image.modern]) {
      const meta = await sharp(variant.source).metadata();
      expect(meta.width).toBe(variant.width);
      expect({ avif: 'heif', webp: 'webp', jpeg: 'jpeg' }[variant.type.split('/')[1] ?? '']).toBe(
        meta.format,
      );
    }
  });

  it('never upscales a small image, and keeps PNG for a PNG', async () => {
    const image = await responsiveVariants(await photo('logo.png', 400, 200, 'png'));
    expect(image.fallback.map((variant) => [variant.width, variant.type])).toEqual([
      [400, 'image/png'],
    ]);
    expect(image.modern.every((variant) => variant.width === 400)).toBe(true);
  });

  it('names files by content, so a changed photo gets new URLs', async () => {
    const a = await responsiveVariants(await photo('a.jpg', 500, 500, 'jpeg'));
    writeFileSync(
      join(dir, 'a.jpg'),
      await sharp({ create: { width: 500, height: 500, channels: 3, background: '#111111' } })
        .jpeg()
        .toBuffer(),
    );
    const b = await responsiveVariants(join(dir, 'a.jpg'));
    expect(a.fallback[0]?.fileName).not.toBe(b.fallback[0]?.fileName);
  });
});

describe('the ?responsive import', () => {
  it('emits every variant once and exports the ImageAsset fields', async () => {
    const file = await photo('hero.jpg', 1600, 900, 'jpeg');
    const plugin = responsiveImages();
    (plugin.configResolved as (config: { command: string }) => void)({ command: 'build' });
    const emitted: Array<{ name?: string }> = [];
    const context = {
      addWatchFile: () => {},
      emitFile: (asset: { name?: string }) => `ref${emitted.push(asset)}`,
    };
    const load = plugin.load as unknown as (this: typeof context, id: string) => Promise<string>;
    const code = await load.call(context, `${file}?responsive`);
    expect(emitted).toHaveLength(12); // 480, 960, 1440 and 1600 × (JPEG, AVIF, WebP)
    expect(new Set(emitted.map((asset) => asset.name)).size).toBe(12);
    expect(code).toContain('width: 1600,');
    expect(code).toContain('height: 900,');
    expect(code).toContain('type: "image/avif"');
    expect(code).toContain('type: "image/webp"');
    expect(code).toMatch(/src: import\.meta\.ROLLUP_FILE_URL_ref\d+,/);
  });
});
