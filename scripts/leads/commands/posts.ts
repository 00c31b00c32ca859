import { readFile } from 'node:fs/promises';
import { pathSettings } from '../../../server/env';
import { postFiguresCommand } from '../../../server/features/writing';
import { postFiguresText } from '../post-figures';
import type { ArchiveItem } from '../posts-import/item';
import { onServedSite } from '../served';
import {
  type Args,
  inputOf,
  type LeadsCommand,
  refuseExtraWords,
  tableFormatSchema,
  UsageError,
  type Work,
} from './command';

/**
 * `posts figures`: each post's readers and newsletter, as the room's Writing view has them.
 *
 * `posts import`: a newsletter's past issues brought into the writing
 * (docs/decisions/028-writing.md), so a founder with an archive starts with all of it. It works
 * on content files, not on the database: scripts/leads/posts-import/ does the work.
 */
export const postsCli: LeadsCommand = {
  name: 'posts',
  usage: `  posts figures [--from DAY] [--to DAY] [--format table|json]
      Each post on the site with its page's views, visitors and sign-ups from DAY to DAY (UTC
      days such as 2026-01-31; default the last four weeks, today included), and what became of
      its newsletter in Kit, as the room's Writing view shows them.
  posts import --feed FILE [--content DIR]
  posts import --kit [--content DIR]
      Bring a newsletter archive into the writing: each item of an RSS 2.0 or Atom FILE, or each
      broadcast Kit has sent (needs KIT_API_KEY; drafts and scheduled ones are left out), becomes
      posts/<slug>.md of the content, with its pictures fetched into images/ and
      "newsletter: false" (it was sent already). An item imported before is skipped, so it can
      run again. The content is CONTENT_DIR (the repository's content/) unless --content DIR
      names another, such as the owner's room's copy (DATA_DIR/content). Exits 1 if an item
      could not be imported; each one says why, and the others are imported.`,
  options: {
    feed: { type: 'string' },
    kit: { type: 'boolean' },
    content: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string' },
  },
  parse({ words, options }) {
    refuseExtraWords(words, 1);
    if (words[0] === 'figures') return figures(options);
    if (words[0] !== 'import') throw new UsageError('posts needs "figures" or "import".');
    const feed = options.feed;
    const kit = options.kit === true;
    if (kit === (typeof feed === 'string')) {
      throw new UsageError('posts import needs either --feed FILE or --kit.');
    }
    if (typeof feed === 'string' && feed.trim() === '') {
      throw new UsageError('--feed needs the path of an RSS or Atom file.');
    }
    const given = options.content;
    if (given !== undefined && (typeof given !== 'string' || given.trim() === '')) {
      throw new UsageError('--content needs the path of a content folder.');
    }
    return async ({ io, now }) => {
      // Loaded here: the HTML reader and the picture tools only this command needs.
      const { importPosts } = await import('../posts-import/import');
      const { pictureFetcher } = await import('../posts-import/pictures');
      const contentDir = typeof given === 'string' ? given : pathSettings().CONTENT_DIR;
      let items: ArchiveItem[];
      let unsent = 0;
      if (typeof feed === 'string') {
        const { readFeed, NotAFeedError } = await import('../posts-import/feed');
        const xml = await readFile(feed, 'utf8').catch((error: NodeJS.ErrnoException) => {
          throw new Error(`Cannot read ${feed}: ${error.code ?? error.message}.`);
        });
        items = await readFeed(xml).catch((error: unknown) => {
          throw error instanceof NotAFeedError ? new Error(`${feed}: ${error.message}.`) : error;
        });
      } else {
        const env = io.env();
        if (!env.KIT_API_KEY) {
          throw new Error(
            'KIT_API_KEY is not set: set it where the server reads its settings, then run this again.',
          );
        }
        const { kitBroadcasts } = await import('../posts-import/kit-broadcasts');
        const { createKit } = await import('../../../server/providers/kit');
        const archive = await kitBroadcasts({
          kit: createKit({
            apiKey: env.KIT_API_KEY,
            baseUrl: env.KIT_API_URL ?? 'https://api.kit.com',
          }),
          now,
        });
        items = archive.items;
        unsent = archive.unsent;
      }
      const counts = await importPosts({
        items,
        contentDir,
        say: (line) => io.stdout(`${line}\n`),
        fetchPicture: pictureFetcher({ network: io.pictureNetwork }),
      });
      const plural = (count: number, one: string, many: string) =>
        `${count} ${count === 1 ? one : many}`;
      io.stdout(
        `Imported ${plural(counts.imported, 'post', 'posts')}, skipped ${counts.already} already imported, ${counts.failed} failed${unsent > 0 ? `; left out ${plural(unsent, 'broadcast', 'broadcasts')} not sent yet` : ''}.\n`,
      );
      if (counts.failed > 0) {
        throw new Error(
          `${plural(counts.failed, 'item was', 'items were')} not imported (see above): fix the source and run the import again, or write ${counts.failed === 1 ? 'it' : 'them'} by hand.`,
        );
      }
    };
  },
};

/** `posts figures`: the room's Writing view, by the same command. */
function figures(options: Args['options']): Work {
  const input = inputOf(
    postFiguresCommand.input,
    { from: options.from, to: options.to },
    { from: '--from', to: '--to' },
  );
  const { format } = inputOf(tableFormatSchema, { format: options.format }, { format: '--format' });
  return (context) =>
    onServedSite(context, async ({ store, site, kit }) => {
      const answer = await postFiguresCommand.run(
        { store, now: context.now, served: site.writing, kit },
        input,
      );
      // A period that is no period, said of its first day as the room says it.
      if ('problem' in answer) throw new UsageError(`--from ${answer.problem}`);
      context.io.stdout(
        format === 'json' ? `${JSON.stringify(answer, null, 2)}\n` : postFiguresText(answer),
      );
    });
}
