import type { z } from 'zod';
import type { Resolved, testimonial } from '../../contracts/content/fields';
import { Image } from '../components/ui/image';
import { Section, SectionHeading } from '../components/ui/section';
import { cn } from '../lib/cn';

/** A quote as the content gives it (contracts/content/fields.ts), its photo resolved. */
export type Testimonial = Resolved<z.infer<typeof testimonial>>;

export interface TestimonialsProps {
  id: string;
  kicker?: string;
  heading: string;
  /** D21: a line saying the people quoted are fictional. */
  sampleNote?: string;
  items: readonly Testimonial[];
  band?: 'paper' | 'surface' | 'dark';
}

/** Quotes from readers, students or clients, as cards (book endorsements, workshop, cohort). */
export function Testimonials({ id, kicker, heading, sampleNote, items, band }: TestimonialsProps) {
  return (
    <Section id={id} band={band}>
      <SectionHeading kicker={kicker} heading={heading} />
      <ul
        className={cn(
          'mt-10 grid gap-5 md:grid-cols-2',
          items.length % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-2',
        )}
      >
        {items.map((item) => (
          <li key={item.name} className="flex">
            <TestimonialCard {...item} />
          </li>
        ))}
      </ul>
      {sampleNote ? <p className="mt-6 text-step--1 text-muted">{sampleNote}</p> : null}
    </Section>
  );
}

export function TestimonialCard({ quote, name, role, photo, rating }: Testimonial) {
  return (
    <figure className="flex w-full flex-col gap-6 rounded-card bg-surface p-7 shadow-[var(--shadow-card)]">
      {rating !== undefined ? <Rating value={rating} /> : null}
      <blockquote className="flex-1 text-step-1 leading-snug">
        <p>“{quote}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-4">
        {photo ? <Image image={photo} className="size-14 rounded-full object-cover" /> : null}
        <span className="flex flex-col">
          <span className="font-bold">{name}</span>
          <span className="text-step--1 text-muted">{role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** Stars read as one phrase ("5 out of 5"), not as five glyphs. */
function Rating({ value }: { value: number }) {
  return (
    <p className="flex gap-1 text-accent" role="img" aria-label={`${value} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars.
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn('size-5', index < value ? 'fill-current' : 'fill-current opacity-25')}
        >
          <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 6-5.3-2.9-5.3 2.9 1.1-6L1.4 7.8l6-.8z" />
        </svg>
      ))}
    </p>
  );
}
