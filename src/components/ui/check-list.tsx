import { cn } from '../../lib/cn';
import { Check } from '../icons';

/** A short list of promises or benefits, each behind an accent tick. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-step-0">
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent">
            <Check className="size-4" />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
