import type { z } from 'zod';

/**
 * The workshop's sessions are named (docs/decisions/032-workshop-delivered.md): seats, attendees,
 * invites and reminders follow a session by its name, across content/workshop.yaml and every
 * owner's page's checkout block. So a name is one session wherever it is written: once in a
 * list, and where two lists both sell it, with the same start, price and seats. Checked by the
 * schema within a list (uniqueSessionNames) and by the build and the editor's Save across files
 * (sessionClashes, through contracts/content/load.ts sessionsProblems).
 */

interface NamedSession {
  id: string;
  start: string;
  price: { amount: number; currency: string };
  seats: number;
}

/** A list's second use of a name, at that session's `id` (a schema refinement of the list). */
export function uniqueSessionNames(
  sessions: ReadonlyArray<Pick<NamedSession, 'id'>>,
  context: z.core.$RefinementCtx,
): void {
  const first = new Map<string, number>();
  sessions.forEach(({ id }, index) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, index);
    else {
      context.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `expected each session's name once: "${id}" is already the name of session ${earlier + 1} of this list`,
        params: { namesValue: true },
      });
    }
  });
}

/** Where a list of sessions is: the workshop's file, or an owner's page's (by slug). */
export type SessionsFile = { workshop: true } | { page: string };

export interface SessionClash {
  file: SessionsFile;
  /** The field at fault, in its file: `sessions[1].seats`, `blocks[3].value.sessions[0].start`. */
  path: Array<string | number>;
  message: string;
}

interface SellingContent {
  workshop: { sessions: readonly NamedSession[] };
  pages: Readonly<
    Record<string, { blocks: ReadonlyArray<{ discriminant: string; value: unknown }> }>
  >;
}

const fileName = (file: SessionsFile) =>
  'workshop' in file ? 'content/workshop.yaml' : `content/pages/${file.page}.yaml`;

const priceText = ({ amount, currency }: NamedSession['price']) => `${amount} ${currency}`;

/** How a later use of a name differs from its first: the field and what the first says. */
function disagreement(
  first: NamedSession,
  later: NamedSession,
): { field: keyof NamedSession; first: string } | null {
  if (Date.parse(first.start) !== Date.parse(later.start)) {
    return { field: 'start', first: first.start };
  }
  if (first.price.amount !== later.price.amount || first.price.currency !== later.price.currency) {
    return { field: 'price', first: priceText(first.price) };
  }
  if (first.seats !== later.seats) return { field: 'seats', first: `${first.seats} seats` };
  return null;
}

/**
 * Each session that shares its name with one in an earlier list (the workshop's first, then the
 * owner's pages by slug) but not its start, price or seats: the same name is the same session.
 */
export function sessionClashes(content: SellingContent): SessionClash[] {
  const lists: Array<{
    file: SessionsFile;
    at: Array<string | number>;
    sessions: readonly NamedSession[];
  }> = [{ file: { workshop: true }, at: ['sessions'], sessions: content.workshop.sessions }];
  for (const slug of Object.keys(content.pages).sort()) {
    content.pages[slug]?.blocks.forEach((block, index) => {
      if (block.discriminant !== 'checkout') return;
      const { sessions } = block.value as { sessions: readonly NamedSession[] };
      lists.push({ file: { page: slug }, at: ['blocks', index, 'value', 'sessions'], sessions });
    });
  }
  const named = new Map<string, { session: NamedSession; file: SessionsFile }>();
  const clashes: SessionClash[] = [];
  for (const { file, at, sessions } of lists) {
    const here = new Map<string, { session: NamedSession; file: SessionsFile }>();
    sessions.forEach((session, index) => {
      const first = named.get(session.id);
      const differs = first && disagreement(first.session, session);
      if (first && differs) {
        clashes.push({
          file,
          path: [...at, index, differs.field],
          message: `expected ${differs.first}, as the session "${session.id}" has in ${fileName(first.file)}: the same name is the same session`,
        });
      }
      if (!here.has(session.id)) here.set(session.id, { session, file });
    });
    for (const [id, first] of here) if (!named.has(id)) named.set(id, first);
  }
  return clashes;
}
