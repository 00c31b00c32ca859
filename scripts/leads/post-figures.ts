import type { postFiguresCommand } from '../../server/features/writing';
import { cell, tableLines } from './table';

/**
 * `posts figures` as the terminal prints it: what the room's Writing view shows
 * (src/owner/writing-view.tsx), read from the same command's answer.
 */

type Figures = Exclude<Awaited<ReturnType<typeof postFiguresCommand.run>>, { problem: string }>;
type PostFigures = Figures['posts'][number];

/** What became of a post's newsletter, as the room words it. */
function newsletterLine({ date, newsletter }: PostFigures): string {
  if (!newsletter) return 'not sent as a newsletter';
  switch (newsletter.state) {
    case 'waiting':
      return newsletter.problem
        ? `not made yet: ${cell(newsletter.problem, 120)}; retry it in the outbox`
        : `waiting: made in Kit shortly before ${date}`;
    case 'made':
      return newsletter.sendAt
        ? `scheduled in Kit for ${newsletter.sendAt}`
        : `draft in Kit since ${newsletter.madeAt ?? date}: send it from Kit`;
    case 'no-kit':
      return 'no email made: Kit was not set up when it was published';
    case 'called-off':
      return 'called off before it was made';
  }
}

export function postFiguresText(figures: Figures): string {
  const rows = figures.posts.map((post) => [
    post.date.slice(0, 10),
    cell(post.title, 50),
    String(post.views),
    String(post.visitors),
    String(post.signUps),
    String(post.confirmed),
    newsletterLine(post),
  ]);
  return [
    `Posts, ${figures.from} to ${figures.to} (UTC days): each post's page, on whichever host it was read`,
    ...(figures.kit
      ? []
      : [
          'Kit is not set up (KIT_API_KEY), so publishing a post makes no email: the posts are on the site only.',
        ]),
    '',
    ...(figures.posts.length === 0
      ? ['No post on the site yet. Write one under Posts in the editor.']
      : tableLines(
          ['date', 'post', 'views', 'visitors', 'sign-ups', 'confirmed', 'newsletter'],
          rows,
          { left: [0, 1, 6] },
        )),
    '',
  ].join('\n');
}
