import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mapContentImages } from '../../contracts/content/images';
import { loadContent } from '../../contracts/content/load';
import type { PageProps, SiteContent } from '../content/page-props';
import { factsOf, withFacts } from '../lib/facts';

/**
 * The repository's content for unit tests, as pages receive it at `now`. Each picture stands in
 * as its path in the repository with a fixed size (the build's checks and variants are tested in
 * scripts/); `readImage` reads it back, for the share images' artwork.
 */
const root = resolve(import.meta.dirname, '../..');
const contentDir = resolve(root, 'content');

export async function testContent(): Promise<SiteContent> {
  return mapContentImages(await loadContent(contentDir), async (ref) => ({
    src: `/content/images/${ref.src}`,
    width: 400,
    height: 400,
    alt: ref.alt,
  }));
}

export async function testPageProps(now = Date.now()): Promise<PageProps> {
  const content = await testContent();
  return { content: withFacts(content, factsOf(content, now)), now };
}

export const readTestImage = (src: string) => readFile(resolve(root, `.${src}`));
