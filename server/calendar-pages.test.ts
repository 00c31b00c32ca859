import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../contracts/content';
import { loadContent } from '../contracts/content/load';
import type { RenderBundle, SiteRenderer } from '../contracts/site-renderer';
import { buildPaths } from './build-paths';

/**
 * The pages as the built renderer writes them at moments past each content date: what a visitor
 * without JavaScript gets once the server has rendered again (server/calendar.ts). The moments
 * come from the content, so the owner's dates can change without failing this.
 */
let renderer: SiteRenderer;
let content: Content;

beforeAll(async () => {
  const bundle = (await import(pathToFileURL(buildPaths.renderBundle).href)) as RenderBundle;
  renderer = bundle.createSiteRenderer(JSON.parse(await readFile(buildPaths.renderInput, 'utf8')));
  content = await loadContent(`${buildPaths.root}/content`);
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const escaped = (words: string) =>
  words.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

async function page(id: Parameters<SiteRenderer['render']>[0][number], at: number) {
  const html = (await renderer.render([id], at)).get(id) ?? '';
  return html;
}

describe('pages after their dates', () => {
  it('the calendar lists every session start, the release day and New Year', () => {
    const moments = renderer.calendar().map(({ at }) => at);
    for (const { start } of content.workshop.sessions) expect(moments).toContain(Date.parse(start));
    expect(renderer.calendar().every((event) => event.pages.length > 0)).toBe(true);
  });

  it('the workshop sells each session until it starts, then the next, then none', async () => {
    const starts = content.workshop.sessions.map(({ start }) => Date.parse(start)).sort();
    const first = starts[0] ?? 0;
    const last = starts.at(-1) ?? 0;
    const before = await page('workshop', first - 60_000);
    expect(before).toContain(escaped(content.workshop.hero.cta));
    expect(before).not.toContain(escaped(content.workshop.nextDate.heading));

    const afterAll = await page('workshop', last + 60_000);
    expect(text(afterAll)).toContain(escaped(content.workshop.nextDate.heading));
    for (const { checkout } of content.workshop.sessions) expect(afterAll).not.toContain(checkout);
    expect(afterAll).not.toContain(escaped(content.workshop.price.heading));
    // No event to come in the structured data either.
    expect(afterAll).not.toContain('"@type":"Event"');
  });

  it('the copyright year follows the clock', async () => {
    const in2031 = await page('home', Date.parse('2031-06-01T12:00:00Z'));
    expect(in2031).toContain(`© 2031 ${escaped(content.site.founder.name)}`);
  });
});
