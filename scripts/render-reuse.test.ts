import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { reuseMade } from './render-reuse';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'render-reuse-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A card drawer that counts its drawings. */
function drawer() {
  const drawn: string[] = [];
  return {
    drawn,
    draw: (headline: string) => async () => {
      drawn.push(headline);
      return { png: Buffer.from(`card of ${headline}`), width: 1200 };
    },
  };
}

it('takes what the render before made from the same inputs, and draws only what changed', async () => {
  const first = drawer();
  const before = reuseMade({ into: join(dir, 'v1'), from: [], build: 'build A' });
  for (const headline of ['Home', 'Waitlist', 'Book']) {
    await before.once('card', { headline }, first.draw(headline));
  }
  expect(first.drawn).toEqual(['Home', 'Waitlist', 'Book']);

  const second = drawer();
  const next = reuseMade({ into: join(dir, 'v2'), from: [join(dir, 'v1')], build: 'build A' });
  const cards = [];
  for (const headline of ['Home, new words', 'Waitlist', 'Book']) {
    cards.push(await next.once('card', { headline }, second.draw(headline)));
  }
  expect(second.drawn).toEqual(['Home, new words']);
  // What was taken is what was made: the bytes, as bytes.
  expect(cards[1]).toEqual({ png: Buffer.from('card of Waitlist'), width: 1200 });
  expect(Buffer.isBuffer(cards[1]?.png)).toBe(true);
  // The next render finds all three in this one's made/, the one before may go.
  expect(await readdir(join(dir, 'v2'))).toHaveLength(3);
  await rm(join(dir, 'v1'), { recursive: true });
  const third = drawer();
  const after = reuseMade({ into: join(dir, 'v3'), from: [join(dir, 'v2')], build: 'build A' });
  await after.once('card', { headline: 'Waitlist' }, third.draw('Waitlist'));
  expect(third.drawn).toEqual([]);
});

it('takes nothing made by another build, or of another kind', async () => {
  const first = drawer();
  await reuseMade({ into: join(dir, 'v1'), from: [], build: 'build A' }).once(
    'card',
    { headline: 'Home' },
    first.draw('Home'),
  );
  const later = drawer();
  const redeployed = reuseMade({
    into: join(dir, 'v2'),
    from: [join(dir, 'v1')],
    build: 'build B',
  });
  await redeployed.once('card', { headline: 'Home' }, later.draw('Home'));
  const sameBuild = reuseMade({ into: join(dir, 'v3'), from: [join(dir, 'v1')], build: 'build A' });
  await sameBuild.once('pdf', { headline: 'Home' }, later.draw('Home as a PDF'));
  expect(later.drawn).toEqual(['Home', 'Home as a PDF']);
});

it('draws again when the render before is gone or its file is cut short', async () => {
  const first = drawer();
  await reuseMade({ into: join(dir, 'v1'), from: [], build: 'build A' }).once(
    'card',
    { headline: 'Home' },
    first.draw('Home'),
  );
  const [name] = await readdir(join(dir, 'v1'));
  await writeFile(join(dir, 'v1', name ?? ''), Buffer.from([0xff, 0x0d]));
  const later = drawer();
  const next = reuseMade({
    into: join(dir, 'v2'),
    from: [join(dir, 'missing'), join(dir, 'v1')],
    build: 'build A',
  });
  expect(await next.once('card', { headline: 'Home' }, later.draw('Home'))).toEqual({
    png: Buffer.from('card of Home'),
    width: 1200,
  });
  expect(later.drawn).toEqual(['Home']);
});
