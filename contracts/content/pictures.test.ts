import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureProblem, rasterSize, sniffPicture } from './pictures';

/** A real photo file of the given size, as a camera or an editor writes it. */
const photo = (format: 'jpeg' | 'png', width: number, height: number, progressive = false) =>
  sharp({ create: { width, height, channels: 3, background: '#c84' } })
    [format](format === 'jpeg' ? { progressive } : {})
    .toBuffer();

describe('the picture rules, on real files', () => {
  it('reads the size of a PNG and of baseline and progressive JPEGs from their headers', async () => {
    expect(rasterSize(await photo('png', 321, 200))).toEqual({ width: 321, height: 200 });
    expect(rasterSize(await photo('jpeg', 640, 161))).toEqual({ width: 640, height: 161 });
    expect(rasterSize(await photo('jpeg', 170, 900, true))).toEqual({ width: 170, height: 900 });
    expect(rasterSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
  });

  it('a photo big enough passes; a small one, a mislabelled one and a damaged one do not', async () => {
    expect(pictureProblem('people/amara.jpg', await photo('jpeg', 400, 400))).toBeNull();
    expect(pictureProblem('a.JPEG', await photo('jpeg', 400, 400))).toBeNull();
    expect(pictureProblem('small.png', await photo('png', 159, 400))).toMatch(/159×400 px/);
    expect(pictureProblem('photo.svg', await photo('png', 400, 400))).toMatch(/holds PNG/);
    expect(pictureProblem('broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0x00]))).toMatch(
      /could not be read/,
    );
    expect(sniffPicture(Buffer.from('GIF89a'))).toBeNull();
    // With a DOCTYPE it is still an SVG, for the sanitiser to refuse with its reason.
    expect(
      sniffPicture(Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')),
    ).toBe('svg');
  });
});
