import { join } from 'node:path';
import { buildPaths } from '../../server/build-paths';
import type { Store } from '../../server/db/store';
import { namedHosts } from '../../server/env';
import { publishHooks } from '../../server/feature-list';
import { type ServedExperiments, servedExperiments } from '../../server/features/experiments';
import {
  type ContentEditorApi,
  contentEditorApi,
  createPublisher,
  type Publisher,
  workingCopyOnFirstUse,
} from '../../server/features/room';
import { loadSite, type Site } from '../../server/site';
import type { CommandContext } from './commands/command';

/** The site as a running server serves it, and the owner's tools on the working copy. */
export interface Served {
  store: Store;
  site: Site;
  experiments: ServedExperiments;
  /** The editor's API over the working copy (DATA_DIR/content), as the room's. */
  editor: ContentEditorApi;
  publisher: Publisher;
  /** Whether Kit receives the posts' newsletters (KIT_API_KEY), as the server's forwarding says. */
  kit: boolean;
}

/**
 * Runs `work` on the site as a running server serves it, for the commands that read what it
 * serves (the experiments, the posts) or publish: the build (dist/) with the newest version the
 * owner published, followed as every instance follows it (docs/decisions/019-publish.md), from
 * its render kept under DATA_DIR/published or rendered again. The publisher is made as
 * server/index.ts makes it, with every feature's publish hook, so a publish from here is
 * recorded, starts the posts' newsletters and reaches the running servers as one from the room
 * does. Nothing is served from here; there is no calendar to follow.
 */
export async function onServedSite<T>(
  { io, store }: Pick<CommandContext, 'io' | 'store'>,
  work: (served: Served) => Promise<T>,
): Promise<T> {
  const env = io.env();
  const opened = await store();
  const site = await loadSite();
  const kit = Boolean(env.KIT_API_KEY);
  const workingCopy = workingCopyOnFirstUse(env.DATA_DIR, join(buildPaths.root, 'content'));
  // What the publisher says of a version it cannot follow is the owner's to read.
  const said = (...args: unknown[]) => {
    const message = args.find((arg) => typeof arg === 'string');
    if (message) io.stderr(`leads: ${message}\n`);
  };
  const publisher = createPublisher({
    store: opened,
    logger: { info: () => {}, warn: said, error: said },
    site,
    dataDir: env.DATA_DIR,
    workingCopy,
    hooks: publishHooks({
      store: opened,
      env,
      kit,
      calendar: null,
      renderBundle: buildPaths.renderBundle,
    }),
  });
  try {
    await publisher.follow();
    return await work({
      store: opened,
      site,
      experiments: servedExperiments(site, namedHosts(env)),
      editor: contentEditorApi(workingCopy),
      publisher,
      kit,
    });
  } finally {
    publisher.stop();
  }
}
