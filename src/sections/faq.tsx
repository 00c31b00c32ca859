import type { z } from 'zod';
import type { faqItem, ImageAsset } from '../../contracts/content/fields';
import { Image } from '../components/ui/image';
import { Section, SectionHeading } from '../components/ui/section';
import { Accordion } from '../islands';

export interface FaqProps {
  id: string;
  kicker?: string;
  heading: string;
  items: ReadonlyArray<z.infer<typeof faqItem>>;
  /** An image under the heading (the workshop's FAQ, product brief §2.7 item 7). */
  image?: ImageAsset;
  band?: 'paper' | 'surface' | 'dark';
}

/** Questions and answers, one open at a time; clicking the open one closes it (§4, D13). */
export function Faq({ id, kicker, heading, items, image, band }: FaqProps) {
  return (
    <Section id={id} band={band} containerClassName="grid gap-10 lg:grid-cols-12">
      <div className="lg:col-span-4">
        <SectionHeading kicker={kicker} heading={heading} />
        {image ? (
          <Image
            image={image}
            className="mt-8 hidden h-auto w-full max-w-xs rounded-card lg:block"
          />
        ) : null}
      </div>
      <Accordion id={`${id}-items`} items={items} className="self-start lg:col-span-8" />
    </Section>
  );
}
