import type { ReactNode } from 'react';
import { Container } from '../components/ui/container';
import { cn } from '../lib/cn';

/**
 * The top of a page: an optional kicker, the page's one h1 (its heading), a sub line and its calls
 * to action; with an `aside` (a picture, a video) the words take the left of a wide screen and the
 * aside the right, and on a phone the aside follows the words.
 */
export function PageHero({
  kicker,
  heading,
  sub,
  aside,
  className,
  children,
}: {
  kicker?: string;
  heading: string;
  sub?: string;
  aside?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const words = (
    <>
      {kicker ? (
        <p className="mb-5 inline-block rounded-full bg-accent px-4 py-1 text-step--1 font-semibold uppercase tracking-wider text-on-accent">
          {kicker}
        </p>
      ) : null}
      <h1 className="max-w-4xl text-step-5 uppercase">{heading}</h1>
      {sub ? <p className="mt-6 max-w-2xl text-step-1 text-muted">{sub}</p> : null}
      {children ? <div className="mt-10 flex flex-wrap items-center gap-4">{children}</div> : null}
    </>
  );
  return (
    <section className={cn('py-16 md:py-28', className)}>
      {aside ? (
        <Container className="grid items-center gap-12 lg:grid-cols-12">
          <div className="lg:col-span-7">{words}</div>
          <div className="lg:col-span-5">{aside}</div>
        </Container>
      ) : (
        <Container>{words}</Container>
      )}
    </section>
  );
}
