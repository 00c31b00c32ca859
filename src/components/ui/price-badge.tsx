/**
 * A price with a word about it ("£49", "One time price"), beside a call to action: the figure in
 * the display face, the words small, both on a flat tile, so it reads as a label, not a button.
 */
export function PriceBadge({ value, label }: { value: string; label: string }) {
  return (
    <p className="inline-flex items-baseline gap-2 rounded-full bg-surface px-5 py-2">
      <span className="font-display text-step-2 leading-none">{value}</span>
      <span className="text-step--1 font-semibold uppercase tracking-wider text-muted">
        {label}
      </span>
    </p>
  );
}
