import { cn } from '../../lib/cn';

/** A landing page's opening words: the kicker, the page's one h1, and the promise under it. */
export function PageHeading({
  kicker,
  heading,
  sub,
  size = 'xl',
  className,
}: {
  kicker: string;
  heading: string;
  sub: string;
  /** "2xl" for a short heading that can take the largest step. */
  size?: 'xl' | '2xl';
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-kicker">{kicker}</p>
      <h1
        className={cn(
          'mt-4 uppercase',
          size === '2xl' ? 'text-step-6 leading-[0.9]' : 'text-step-5 leading-[0.93]',
        )}
      >
        {heading}
      </h1>
      <p className="mt-6 max-w-xl text-step-1 leading-snug text-muted">{sub}</p>
    </div>
  );
}
