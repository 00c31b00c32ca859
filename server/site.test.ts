import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { line } from '../contracts/content/fields';
import { ownerPage } from '../contracts/content/pages';
import { post, writing } from '../contracts/content/posts';
import { thankYou } from '../contracts/content/thank-you';
import { workshopSession } from '../contracts/content/workshop';
import { buildPaths } from './build-paths';
import { loadRenderedContent } from './site';

/**
 * What the server reads of a render (contracts/render-slices/): each feature's slice is read by
 * the content's own schemas, so the server refuses what the content would, and a render made
 * before a feature existed is served as it was.
 */

type Render = { content: Record<string, unknown> & { pages: Record<string, unknown> } };

let dir: string;
let built: string;
const renderOf = async (change: (render: Render) => void) => {
  const render = JSON.parse(built) as Render;
  change(render);
  const renderInput = join(dir, 'render-input.json');
  await writeFile(renderInput, JSON.stringify(render));
  return loadRenderedContent({ ...buildPaths, renderInput });
};

/** Sets a field of the render's content, by its path there. */
const setAt = (render: Render, path: readonly (string | number)[], value: unknown) => {
  const keys = [...path];
  const last = keys.pop() as string | number;
  let node = render.content as Record<string | number, unknown>;
  for (const key of keys) node = node[key] as Record<string | number, unknown>;
  node[last] = value;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'render-slices-'));
  built = await readFile(buildPaths.renderInput, 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the render the server loads', () => {
  it.each([
    {
      field: ['thankYou', 'share', 'friendsGoal'],
      value: 0,
      schema: thankYou.shape.share.shape.friendsGoal,
    },
    {
      field: ['workshop', 'sessions', 0, 'start'],
      value: 'next Tuesday',
      schema: workshopSession.shape.start,
    },
    { field: ['writing', 'perPage'], value: 2, schema: writing.shape.perPage },
    {
      field: ['posts', 'the-first-hire', 'tags'],
      value: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      schema: post.shape.tags,
    },
    { field: ['site', 'founder', 'name'], value: 'Jamie\u0007Castell', schema: line },
    {
      field: ['pages', 'press', 'blocks', 1, 'discriminant'],
      value: 'carousel',
      schema: ownerPage.shape.blocks.element,
      block: { discriminant: 'carousel', value: {} },
    },
  ])(
    'refuses what the content’s schema refuses: $field as $value',
    async ({ field, value, schema, block }) => {
      // The content's own schema refuses it (a block's kind: the block as a whole).
      expect(schema.safeParse(block ?? value).success).toBe(false);
      const refusal = await renderOf((render) => setAt(render, field, value)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(z.ZodError);
      // Named at the field, in the render's content.
      expect((refusal as z.ZodError).issues.map(({ path }) => path.join('.'))).toContainEqual(
        ['content', ...field].join('.'),
      );
    },
  );

  it('reads a checkout block’s sessions through the block’s own schema: name, date, price, seats and link', async () => {
    const session = {
      id: 'masterclass-march',
      start: '2027-03-01T18:00:00Z',
      price: { amount: 99, currency: 'GBP' },
      seats: 12,
      checkout: 'https://buy.stripe.com/test_masterclass',
    };
    const { slices } = await renderOf(({ content }) => {
      const press = content.pages.press as { blocks: unknown[] };
      press.blocks.push({ discriminant: 'checkout', value: { sessions: [session] } });
    });
    expect([...slices.sales.pageCheckouts]).toEqual([['press', [session]]]);
    // The workshop sees every session sold by its name, the workshop's first.
    expect([...(slices.workshop?.sessions.keys() ?? [])]).toEqual([
      ...(
        JSON.parse(built) as { content: { workshop: { sessions: Array<{ id: string }> } } }
      ).content.workshop.sessions.map(({ id }) => id),
      'masterclass-march',
    ]);
    expect(slices.workshop?.sessions.get('masterclass-march')).toEqual(session);
    await expect(
      renderOf(({ content }) => {
        const press = content.pages.press as { blocks: unknown[] };
        press.blocks.push({ discriminant: 'checkout', value: { sessions: [{ start: 'soon' }] } });
      }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('gives the workshop its words for seats, the pages after the checkout and the emails', async () => {
    const { slices } = await renderOf(() => {});
    const { content } = JSON.parse(built) as { content: { workshop: { delivery: unknown } } };
    expect(slices.workshop?.delivery).toEqual(content.workshop.delivery);
  });

  it('serves a render made before sessions had names and seats: named by their day, seats not enforced, no workshop words', async () => {
    const { slices } = await renderOf(({ content }) => {
      const workshop = content.workshop as {
        sessions: Array<Record<string, unknown>>;
        delivery?: unknown;
      };
      for (const session of workshop.sessions) {
        delete session.id;
        delete session.seats;
      }
      delete workshop.delivery;
    });
    const [first] = slices.sales.workshopSessions;
    expect(first?.id).toBe(first?.start.slice(0, 10));
    expect(first?.id).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(first?.seats).toBeUndefined();
    expect(slices.workshop).toBeNull();
  });

  it('opens the cohort’s application page as the render’s cohort says', async () => {
    const paths = (rendered: Awaited<ReturnType<typeof renderOf>>) =>
      rendered.slices.routes.ownerRoutes
        .filter(({ page }) => page === 'cohort-apply')
        .map(({ site, path }) => `${site}${path}`);
    const applying = await renderOf((render) =>
      setAt(render, ['cohort', 'admission'], 'application'),
    );
    expect(paths(applying)).toEqual([
      'sellable-business/apply',
      'main/sellablebusiness/apply',
      'main/apply',
    ]);
    expect(
      paths(await renderOf((render) => setAt(render, ['cohort', 'admission'], 'call'))),
    ).toEqual([]);
    await expect(
      renderOf((render) => setAt(render, ['cohort', 'admission'], 'form')),
    ).rejects.toThrow(/admission/);
  });

  it('serves a render made before the redirects, the owner’s pages, experiments, writing and the cohort’s admission as it did', async () => {
    const rendered = await renderOf((render) => {
      const { content } = render as Render & { composedFiles?: unknown };
      for (const name of ['pages', 'experiments', 'writing', 'posts']) delete content[name];
      delete (content.cohort as { admission?: unknown }).admission;
      delete (content.site as { redirects?: unknown }).redirects;
      delete (render as { composedFiles?: unknown }).composedFiles;
    });
    expect(rendered.slices.routes).toEqual({ redirects: [], ownerRoutes: [] });
    expect(rendered.slices.experiments.list).toEqual([]);
    // The seed's pages that sell something stay testable.
    expect(rendered.slices.experiments.testable.map(({ page }) => page).sort()).toEqual([
      'book',
      'handbook',
      'home',
      'waitlist',
      'workshop',
    ]);
    expect(rendered.slices.sales.pageCheckouts.size).toBe(0);
    expect(rendered.slices.writing).toBeUndefined();
    expect([...rendered.pages.keys()].some((page) => page.startsWith('pages/'))).toBe(false);
    expect([...rendered.pages.keys()].some((page) => page.startsWith('posts/'))).toBe(false);
  });
});
