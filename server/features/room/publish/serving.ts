import { loadRenderedContent, type Site } from '../../../site';
import type { PublishHook } from './hooks';
import { renderedPaths } from './renders';

/**
 * The published content this instance serves (docs/decisions/019-publish.md): which version,
 * and the swap that puts a render's pages, pictures, share images and PDFs in place of the ones
 * before, all at once, while requests go on being answered.
 */

export type Serving = ReturnType<typeof createServing>;

export function createServing(
  /** The live site, whose pages and files a swap replaces. */
  site: Site,
  /** Each told before a render is served (the pages' calendar: ./hooks.ts). */
  hooks: readonly Pick<PublishHook, 'beforeServing'>[],
) {
  const build = { files: site.files, privateFiles: site.privateFiles };
  let served = 0;
  let previous: Pick<Site, 'files'> | null = null;
  return {
    /** The version served: 0 while it serves the build's own content. */
    served: () => served,

    /** Serves what a render wrote into `outDir`, as version `number`. */
    async apply(outDir: string, number: number) {
      const rendered = await loadRenderedContent(renderedPaths(outDir));
      for (const hook of hooks) await hook.beforeServing?.(outDir);
      // The version before stays reachable a while: a page cached with its old pictures still
      // finds them.
      site.files = new Map([...build.files, ...(previous?.files ?? []), ...rendered.files]);
      site.privateFiles = new Map([...build.privateFiles, ...rendered.privateFiles]);
      // Every feature's slice of the content at once (contracts/render-slices/): a page the
      // owner deleted leaves the route table, and below its document the memory.
      Object.assign(site, rendered.slices);
      for (const page of site.pages.keys()) {
        if (!rendered.pages.has(page)) site.pages.delete(page);
      }
      for (const [page, file] of rendered.pages) site.pages.set(page, file);
      previous = rendered;
      served = number;
    },
  };
}
