import type { ComponentProps } from 'react';
import type { ImageAsset } from '../../content/types';

/**
 * Every content image: width and height always (nothing shifts while it loads), lazy unless it
 * is the page's LCP image (`priority`: eager, fetched at high priority). A raster asset imported
 * with `?responsive` (scripts/responsive-images.ts) brings AVIF and WebP variants: it renders
 * as a <picture> whose <img> keeps the original format as the fallback.
 */
export function Image({
  image,
  priority = false,
  sizes = '100vw',
  pictureClassName,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'width' | 'height' | 'alt' | 'srcSet'> & {
  image: ImageAsset;
  priority?: boolean;
  /** How wide the image shows, for choosing among its variants. */
  sizes?: string;
  pictureClassName?: string;
}) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...props}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture className={pictureClassName}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
