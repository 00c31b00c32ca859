import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { slugOfWords } from '../contracts/words-slug';

/**
 * A generated archive of the writing (content/posts/<slug>.md, docs/decisions/028-writing.md),
 * for the benchmarks and any test that needs many posts: `count` posts, one a week going back
 * from the week before `before` (500 posts span nearly ten years), each with its own title, two or
 * three tags of fifteen, and a text of about 600 words with headings, a list, a quotation and
 * links (one to the post before it); every hundredth is sent as the newsletter. The same count
 * and moment give the same files.
 */

const tags = [
  'Hiring',
  'Getting out of the way',
  'Selling a business',
  'Numbers',
  'Pricing',
  'Sales',
  'Marketing',
  'Delegation',
  'Systems',
  'Cash flow',
  'Leadership',
  'Customers',
  'Habits',
  'Negotiation',
  'Exit planning',
] as const;

const openers = [
  'On',
  'Rethinking',
  'Lessons from',
  'The case for',
  'What to do about',
  'Stop worrying about',
  'A field guide to',
  'The quiet cost of',
  'Three questions about',
  'Notes on',
] as const;
const subjects = [
  'the first hire',
  'raising your prices',
  'the Monday meeting',
  'a business that runs without you',
  'your best customer',
  'the numbers a buyer reads',
  'saying no to good work',
  'the operations manual',
  'a month away from the office',
  'recurring revenue',
  'the sales pipeline',
  'handing over the inbox',
  'the yearly plan',
  'a second in command',
  'cash in the bank',
  'the referral that never came',
  'writing things down',
  'the price of your time',
  'the exit nobody plans',
  'a team that decides',
  'the weekly review',
  'a founder’s calendar',
  'the discount habit',
] as const;

const sentences = [
  'Most founders notice the problem only when it is already costing them a week a month.',
  'The fix is rarely clever: it is a habit, written down, that someone other than you can keep.',
  'A buyer, a partner or a new hire will read the business the same way, from the outside in.',
  'Write the steps as you do them this week, not as you remember doing them last year.',
  'If only you can answer the question, the business has a single point of failure, and it is you.',
  'Start with the work that comes back every week; it pays for the time it takes to hand it over.',
  'The numbers will not tell you what to do, but they will tell you where to look first.',
  'Customers rarely leave over price; they leave when nobody seems to be paying attention.',
  'A decision made twice is a policy waiting to be written, and a policy can be delegated.',
  'Give the team the reason along with the rule, and they will handle the cases you did not foresee.',
  'Measure it for a month before you change it, so that you know whether the change did anything.',
  'The hardest part is not teaching the work; it is staying out of it once you have taught it.',
  'Every exception you handle yourself teaches the team that exceptions are yours to handle.',
  'Cash is a fact and profit is an opinion, so read the bank statement before the spreadsheet.',
  'The best time to price a new offer is before the first customer asks what it costs.',
  'A good process survives a bad week; a good person without a process does not.',
  'When the team brings you a problem, ask what they would do, and then let them do it.',
  'The calendar shows what the business depends on: every meeting you attend is a dependency.',
] as const;

const headings = [
  'Where it starts',
  'What it costs you',
  'The work only you do',
  'A better default',
  'What the numbers say',
  'Handing it over',
  'What good looks like',
  'Try this week',
] as const;

const listItems = [
  'List every decision you made last week',
  'Name who makes each one while you are away',
  'Write the three steps that matter most',
  'Set a date to review it with the team',
  'Move one meeting off your calendar for good',
  'Ask your best customer what they would miss',
  'Put the number on one page, updated every Monday',
] as const;

/** The `index`-th item of a list, going round it with a stride, so neighbours differ. */
const pick = <T>(list: readonly T[], index: number, stride = 1): T =>
  list[(index * stride) % list.length] as T;

/** A paragraph of `length` sentences, starting at `from`. */
const paragraph = (from: number, length: number) =>
  Array.from({ length }, (_, n) => pick(sentences, from + n * 5)).join(' ');

const day = 86_400_000;
const week = 7 * day;

export interface GeneratedPost {
  slug: string;
  /** The file's text: front matter, then the Markdown. */
  text: string;
  date: string;
  tags: string[];
}

/** The archive, newest first: `count` posts, one a week back from a week or so before `before`. */
export function generatedPosts(count: number, before: number): GeneratedPost[] {
  // Sunday 07:00 UTC, at least a day before `before`, so the newest is published.
  const sunday = new Date(before - day);
  sunday.setUTCHours(7, 0, 0, 0);
  sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
  const newest = sunday.getTime() > before - day ? sunday.getTime() - week : sunday.getTime();

  const slugs = Array.from({ length: count }, (_, index) => {
    const number = count - index;
    return `${slugOfWords(title(number))}-${number}`;
  });
  return slugs.map((slug, index) => {
    const number = count - index;
    const date = new Date(newest - index * week).toISOString().replace('.000Z', '+00:00');
    const postTags = Array.from(
      { length: 2 + (number % 2) },
      (_, n) => tags[(number * 4 + n * 7) % tags.length] as string,
    );
    const previous = slugs[index + 1];
    const body = [
      paragraph(number, 4),
      `## ${pick(headings, number)}`,
      paragraph(number + 1, 5),
      paragraph(number + 2, 3),
      `## ${pick(headings, number + 3)}`,
      paragraph(number + 3, 5),
      Array.from({ length: 4 }, (_, n) => `- ${pick(listItems, number + n * 2)}`).join('\n'),
      paragraph(number + 4, 4),
      `> ${pick(sentences, number + 7)}`,
      `### ${pick(headings, number + 5)}`,
      paragraph(number + 5, 5),
      `${paragraph(number + 6, 3)} ${
        previous
          ? `Last week’s issue, [${title(number - 1).toLowerCase()}](/cheatcodes/${previous}), is the place to start.`
          : 'The [guide to the numbers](https://example.com/numbers) is the place to start.'
      }`,
      `## ${pick(headings, number + 7)}`,
      paragraph(number + 7, 4),
    ].join('\n\n');
    const text = [
      '---',
      `title: ${JSON.stringify(title(number))}`,
      `description: ${JSON.stringify(paragraph(number + 9, 2))}`,
      `date: "${date}"`,
      'tags:',
      ...postTags.map((tag) => `  - ${tag}`),
      ...(number % 100 === 0 ? ['newsletter: true'] : []),
      '---',
      body,
      '',
    ].join('\n');
    return { slug, text, date, tags: postTags };
  });
}

/** The title of the archive's `number`-th post (1 the oldest). */
function title(number: number): string {
  const subject = pick(subjects, number);
  const opener = pick(openers, number, 3);
  const words = `${opener} ${subject}`;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Writes the archive into a content directory's posts/; answers the posts written. */
export async function writeGeneratedPosts(
  contentDir: string,
  count: number,
  before: number,
): Promise<GeneratedPost[]> {
  const posts = generatedPosts(count, before);
  await mkdir(join(contentDir, 'posts'), { recursive: true });
  for (const { slug, text } of posts) await writeFile(join(contentDir, `posts/${slug}.md`), text);
  return posts;
}
