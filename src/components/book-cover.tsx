import type { ImageAsset } from '../../contracts/content/fields';
import { cn } from '../lib/cn';
import { Image } from './ui/image';

/**
 * The book's cover as the pages show it: tilted, on a flat offset card that reads as its
 * shadow, straightening on hover. The wrapper's size and placement are the caller's.
 */
export function BookCover({
  image,
  priority = false,
  tilt = 'left',
  className,
}: {
  image: ImageAsset;
  priority?: boolean;
  tilt?: 'left' | 'right';
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 translate-x-4 translate-y-4 rounded-sm bg-accent/30"
      />
      <Image
        image={image}
        priority={priority}
        className={cn(
          'relative h-auto w-full rounded-sm shadow-[0_30px_60px_-20px_rgb(0_0_0/0.6)] transition-transform duration-300 hover:rotate-0',
          tilt === 'left' ? '-rotate-3' : 'rotate-2',
        )}
      />
    </div>
  );
}
