import { cn } from '../../lib/cn';
import { Check } from '../icons';

/** The reassurance under a sign-up form ("Instant email. No spam. 1-click unsubscribe."). */
export function TrustLine({ text, tone = 'muted' }: { text: string; tone?: 'muted' | 'strong' }) {
  return (
    <p
      className={cn(
        'mt-5 flex items-center gap-2 text-step--1',
        tone === 'muted' ? 'text-muted' : 'text-ink/75',
      )}
    >
      <Check className="size-4 shrink-0 text-kicker" />
      {text}
    </p>
  );
}
