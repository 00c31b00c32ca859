import { cn } from '../../lib/cn';

/** A landing page's opening words: the kicker, the page's one h1, and the promise under it. */
export function PageHeading({
  kicker,
  heading,
  sub,
  size = 'xl',
  level = 1,
  className,
}: {
  kicker: string;
  heading: string;
  sub: string;
  /** "2xl" for a short heading that can take the largest step. */
  size?: 'xl' | '2xl';
  /** 2 where the words stand further down a page (an owner's page's checkout block). */
  level?: 1 | 2;
  className?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={className}>
      <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-kicker">{kicker}</p>
      <Heading
        className={cn(
          'mt-4 uppercase',
          size === '2xl' ? 'text-step-6 leading-[0.9]' : 'text-step-5 leading-[0.93]',
        )}
      >
        {heading}
      </Heading>
      <p className="mt-6 max-w-xl text-step-1 leading-snug text-muted">{sub}</p>
    </div>
  );
}
