import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Image } from './image';

const svg = { src: '/assets/cover.svg', width: 600, height: 900, alt: 'The cover' };
const photo = {
  src: '/assets/portrait-960.jpg',
  width: 960,
  height: 1200,
  alt: 'Jamie on stage',
  srcset: '/assets/portrait-960.jpg 960w, /assets/portrait-480.jpg 480w',
  sources: [
    { type: 'image/avif', srcset: '/assets/portrait-960.avif 960w' },
    { type: 'image/webp', srcset: '/assets/portrait-960.webp 960w' },
  ],
};

describe('Image', () => {
  it('always states its size, and loads lazily below the fold', () => {
    const html = renderToStaticMarkup(<Image image={svg} className="w-full" />);
    expect(html).toBe(
      '<img src="/assets/cover.svg" width="600" height="900" alt="The cover" loading="lazy" decoding="async" class="w-full"/>',
    );
  });

  it('as the LCP image: eager and fetched at high priority', () => {
    const html = renderToStaticMarkup(<Image image={svg} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('offers AVIF, then WebP, then the original format for a raster image', () => {
    const html = renderToStaticMarkup(
      <Image image={photo} sizes="(min-width: 768px) 50vw, 100vw" />,
    );
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="[^"]+avif 960w" sizes="\(min-width: 768px\) 50vw, 100vw"\/><source type="image\/webp"[^>]*\/><img src="\/assets\/portrait-960\.jpg" srcSet="[^"]+480w" sizes="[^"]+" width="960" height="1200" alt="Jamie on stage"/,
    );
  });
});
