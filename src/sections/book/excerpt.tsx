import type { ImageAsset } from '../../../contracts/content/fields';
import { Image } from '../../components/ui/image';
import { Section, SectionHeading } from '../../components/ui/section';

export interface ExcerptProps {
  id: string;
  kicker: string;
  heading: string;
  image: ImageAsset;
  caption: string;
}

/** A page spread from the book (product brief §2.4 item 4). */
export function Excerpt({ id, kicker, heading, image, caption }: ExcerptProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading kicker={kicker} heading={heading} />
      <figure className="mt-10">
        <Image image={image} className="h-auto w-full rounded-card shadow-[var(--shadow-card)]" />
        <figcaption className="mt-4 text-step--1 text-muted">{caption}</figcaption>
      </figure>
    </Section>
  );
}
