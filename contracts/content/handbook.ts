import { z } from 'zod';
import { line, pageMeta, paragraph, shareCard } from './fields';
import { formCopy } from './site';

/**
 * content/handbook.yaml: the free handbook's landing page (main site, /11cheatcodes): the unlock
 * bar, the promise and the sign-up that ends at the handbook PDF (whose words are in
 * content/downloads.yaml). Whether the bar counts down, and to what, is configuration
 * (HANDBOOK_COUNTDOWN_MODE, product decision D11).
 */
export const handbook = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  bar: z.strictObject({
    /** The bar's name for screen readers. */
    label: line,
    /** Before the seconds left: "Unlock window ends in". */
    prefix: line,
    units: z.strictObject({ d: line, h: line, m: line, s: line }),
  }),
  hero: z.strictObject({
    kicker: line,
    heading: line,
    sub: paragraph,
    points: z.array(line).min(1),
    trustLine: line,
    /** The big card beside the form. */
    badge: z.strictObject({ number: line, label: line, note: line }),
  }),
  form: z.strictObject({
    copy: formCopy,
    /** The button once the unlock window has run out. */
    closedSubmit: line,
  }),
});
