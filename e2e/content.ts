import { parseLegalText } from '../contracts/content/legal-text';
import { loadContent } from '../contracts/content/load';
import { factsOf, withFacts } from '../src/lib/facts';

/**
 * The content the site under test was built from, with its facts filled in for now: browser
 * tests read the words they expect from here, so an owner's edit never fails a test.
 */
const raw = await loadContent(new URL('../content', import.meta.url).pathname);
const facts = factsOf(raw, Date.now());

export const content = withFacts(raw, facts);
export { facts };

/** Words of the content inside a RegExp, matched as written (an owner may type `?` or `(`). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words `wording` makes around a number, as a pattern that matches them with any number. */
export function withAnyNumber(wording: (number: number) => string): RegExp {
  const marker = 987654;
  return new RegExp(escapeRegExp(wording(marker)).replace(String(marker), '\\d+'));
}

/** The label of the cookie notice's own button to the consent settings, if its text places one. */
export const cookieSettingsButton = parseLegalText(content.cookies.body)
  .sections.flatMap(({ blocks }) => blocks)
  .find((block) => block.kind === 'consent-button')?.label;

/**
 * The headings a page's visitor may be shown: its own, and each of its experiment's variants'
 * for that field (content/experiments.yaml). Every browser test runs as one visitor, whom the
 * day's random salt puts in one variant or another (docs/decisions/027-experiments.md).
 */
export function headingsOf(page: string, field: string, heading: string): RegExp {
  const variants = content.experiments.experiments
    .filter((experiment) => experiment.page === page)
    .flatMap(({ variants: list }) => list.flatMap(({ changes }) => changes))
    .flatMap((change) =>
      change.field === field && change.text !== undefined ? [change.text] : [],
    );
  return new RegExp(`^(?:${[heading, ...variants].map(escapeRegExp).join('|')})$`);
}
