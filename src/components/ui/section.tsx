import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, createContext, type ReactNode, use } from 'react';
import { cn } from '../../lib/cn';
import { Container, type ContainerWidth } from './container';

/**
 * Every page section: its anchor id, a heading id for `aria-labelledby`, the brief's section
 * rhythm (56–72 px on mobile, 96–128 px on desktop), the scroll margin under the sticky header,
 * and its band (the tokens inside a dark or accent band are remapped in global.css, so what sits
 * inside never picks colours by band). SectionHeading finds the heading id through context.
 */
const sectionVariants = cva('scroll-mt-16', {
  variants: {
    band: {
      paper: '',
      surface: 'bg-surface',
      dark: 'band-dark',
      accent: 'band-accent',
    },
    spacing: {
      normal: 'py-16 md:py-28',
      compact: 'py-16 md:py-24',
    },
  },
  defaultVariants: { band: 'paper', spacing: 'normal' },
});

const HeadingId = createContext<string | undefined>(undefined);

export function Section({
  id,
  band,
  spacing,
  className,
  width,
  containerClassName,
  children,
}: VariantProps<typeof sectionVariants> & {
  /** The anchor (`#id`); the heading gets `${id}-heading`. */
  id: string;
  className?: string;
  /** The content column's width (the page's by default). */
  width?: ContainerWidth;
  containerClassName?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(sectionVariants({ band, spacing }), className)}
    >
      <HeadingId value={headingId}>
        <Container width={width} className={containerClassName}>
          {children}
        </Container>
      </HeadingId>
    </section>
  );
}

const headingSizes = {
  md: 'text-step-3',
  lg: 'text-step-4',
  xl: 'text-step-5',
} as const;

/** The kicker (small label) and the section's heading, labelled for its landmark. */
export function SectionHeading({
  kicker,
  heading,
  size = 'lg',
  className,
  ...props
}: ComponentProps<'div'> & {
  kicker?: string;
  heading: string;
  size?: keyof typeof headingSizes;
}) {
  const id = use(HeadingId);
  return (
    <div className={className} {...props}>
      {kicker ? (
        <p className="mb-3 text-step--1 font-bold uppercase tracking-[0.2em] text-kicker">
          {kicker}
        </p>
      ) : null}
      <h2 id={id} className={cn(headingSizes[size], 'uppercase')}>
        {heading}
      </h2>
    </div>
  );
}
