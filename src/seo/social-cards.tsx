import { readFile } from 'node:fs/promises';
import satori, { type SatoriNode, type SatoriOptions } from 'satori';
import sharp from 'sharp';
import { allPageIds, canonicalUrl, ownerRoutes, type PageId } from '../../contracts/routes';
import type { SiteId } from '../../contracts/sites';
import { mapAtMost } from '../content/map-at-most';
import type { PageProps } from '../content/page-props';
import { makeEverything, type Reuse } from '../content/reuse';
import { registeredPage } from '../pages/registry';
import { fontFiles } from '../styles/font-files';
import { themeColors } from '../styles/theme-colors';
import {
  artBox,
  type CardTypeSizes,
  headlineLineHeight,
  kickerLineHeight,
  kickerPadding,
  measuredBoxes,
  SocialCardImage,
  type SocialCardImageProps,
  socialCardSize,
} from './social-card';

export interface RenderedSocialCard {
  page: PageId;
  png: Buffer;
  width: number;
  height: number;
  /** The image's words in reading order, as sentences, for og:image:alt and twitter:image:alt. */
  alt: string;
}

async function loadFonts() {
  const [anton, inter400, inter700] = await Promise.all(
    [fontFiles.anton, fontFiles.inter[400], fontFiles.inter[700]].map((file) => readFile(file)),
  );
  return [
    { name: 'Anton', data: anton as Buffer, weight: 400 as const },
    { name: 'Inter', data: inter400 as Buffer, weight: 400 as const },
    { name: 'Inter', data: inter700 as Buffer, weight: 700 as const },
  ];
}

/**
 * The artwork (an SVG, or a post's photo) as a PNG data URL at twice its shown size, so the card
 * stays sharp; a picture wider than the card allows is cropped to its most telling part.
 */
async function rasterArt(bytes: Buffer, shown: { width: number; height: number }): Promise<string> {
  const png = await sharp(bytes, { density: 144 })
    .resize({
      width: shown.width * 2,
      height: shown.height * 2,
      fit: 'cover',
      position: sharp.strategy.attention,
    })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const kickerSizes = [20, 19, 18, 17, 16, 15, 14];
const headlineSizes = [140, 132, 124, 116, 108, 100, 92, 84, 76, 68, 60];
/**
 * By a kicker's words: the size it fits at, and by a headline's length in characters the index
 * of the headline size chosen for the last one of that length.
 */
type FoundSizes = Map<string, { kicker: number; headlines: Map<number, number> }>;

/** The size chosen for the headline nearest in length to `length`, if any was. */
function nearestHeadline(headlines: ReadonlyMap<number, number>, length: number) {
  let nearest: { distance: number; index: number } | undefined;
  for (const [drawnLength, index] of headlines) {
    const distance = Math.abs(drawnLength - length);
    if (!nearest || distance < nearest.distance) nearest = { distance, index };
  }
  return nearest?.index;
}
/** The least space between the words and the signature at the foot. */
const signatureGap = 32;

/**
 * Draws a card at the largest type that fits. Measured, not guessed: satori reports the layout
 * of each keyed box, so a size is drawn and its boxes checked. The kicker must stay on one line;
 * the headline within three lines and clear of the signature. Copy too long to fit at the
 * smallest size fails the build.
 */
async function drawCard(
  props: Omit<SocialCardImageProps, 'sizes'>,
  options: SatoriOptions,
  /** What the cards drawn before found, by their kicker's words (`FoundSizes`). */
  found: FoundSizes,
): Promise<string> {
  const draw = async (sizes: CardTypeSizes) => {
    const boxes = new Map<unknown, SatoriNode>();
    const svg = await satori(<SocialCardImage {...props} sizes={sizes} />, {
      ...options,
      onNodeDetected: (node) => boxes.set(node.key, node),
    });
    const box = (key: string) => {
      const node = boxes.get(key);
      if (!node) throw new Error(`The card has no "${key}" box to measure`);
      return node;
    };
    const [kicker, headline, words, signature] = [
      box(measuredBoxes.kicker),
      box(measuredBoxes.headline),
      box(measuredBoxes.words),
      box(measuredBoxes.signature),
    ];
    return {
      svg,
      kickerFits: kicker.height <= sizes.kicker * kickerLineHeight + kickerPadding.y * 2 + 1,
      headlineFits:
        headline.height <= 3 * sizes.headline * headlineLineHeight + 1 &&
        words.top + words.height + signatureGap <= signature.top,
    };
  };

  /** The card with this kicker size and the headline size at `index`, each drawn once. */
  const drawn = new Map<string, Awaited<ReturnType<typeof draw>>>();
  const at = async (kicker: number, index: number) => {
    const sizes = { kicker, headline: headlineSizes[index] ?? 60 };
    const key = `${sizes.kicker}/${sizes.headline}`;
    const result = drawn.get(key) ?? (await draw(sizes));
    drawn.set(key, result);
    return result;
  };

  // The kicker's fit depends on its words alone: found once for all the cards that share them
  // (every post's is the writing's name).
  const smallestHeadline = headlineSizes.length - 1;
  const before = found.get(props.card.kicker);
  let kicker = before?.kicker;
  if (kicker === undefined) {
    for (const size of kickerSizes) {
      if ((await at(size, smallestHeadline)).kickerFits) {
        kicker = size;
        break;
      }
    }
    if (kicker === undefined) throw new Error(`Card kicker too long: "${props.card.kicker}"`);
  }
  const sized = kicker;
  const fits = async (index: number) => (await at(sized, index)).headlineFits;

  // The first (largest) headline size that fits; smaller ones fit too. Cards under one kicker
  // (an archive's posts) mostly take the size of an earlier headline of about their length:
  // tried first with the size above it, it settles most in two drawings. Otherwise a binary
  // search; the smallest size is drawn only when nothing larger fits, and copy too long for it
  // fails the build.
  let low = 0;
  let high = smallestHeadline;
  const hint = before && nearestHeadline(before.headlines, props.card.headline.length);
  if (hint !== undefined) {
    if (!(await fits(hint))) low = Math.min(hint + 1, smallestHeadline);
    else if (hint === 0 || !(await fits(hint - 1))) low = high = hint;
    else high = hint - 1;
  }
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await fits(middle)) high = middle;
    else low = middle + 1;
  }
  if (!(await fits(low))) throw new Error(`Card headline too long: "${props.card.headline}"`);
  const headlines = before?.headlines ?? new Map<number, number>();
  headlines.set(props.card.headline.length, low);
  found.set(props.card.kicker, { kicker: sized, headlines });
  return (await at(sized, low)).svg;
}

/**
 * Every page's share image (1200×630 PNG), drawn from its content at build: satori lays out the
 * card with the site's faces into an SVG (text as outlines), sharp rasterises it. Pages without
 * a canonical address (the 404) have none; one with an address but no card copy fails the build.
 * Run by the build through the server render bundle, like the PDFs.
 */
export async function renderSocialCards(
  origins: Record<SiteId, string>,
  props: PageProps,
  /** The bytes of a built image, by its URL path (the artwork's SVG, a post's cover). */
  readImage: (src: string) => Promise<Buffer>,
  /** Cards an earlier render drew from the same words, taken instead of drawn again. */
  reuse: Reuse = makeEverything,
): Promise<RenderedSocialCard[]> {
  const { founder } = props.content.site;
  let options: Promise<SatoriOptions> | undefined;
  const satoriOptions = async (): Promise<SatoriOptions> => ({
    ...socialCardSize,
    fonts: await loadFonts(),
    onStyleError: (error) => {
      throw error;
    },
  });
  const found: FoundSizes = new Map();
  const owner = ownerRoutes(props.content);
  const carded = allPageIds(owner).flatMap((page) => {
    const url = canonicalUrl(page, origins, owner);
    return url ? [{ page, url }] : [];
  });
  // A card's drawing holds the main thread and its PNG a thread of libuv's: two at once overlap
  // the one with the other.
  return mapAtMost(carded, 2, async ({ page, url }): Promise<RenderedSocialCard> => {
    const meta = registeredPage(page, props).meta(props);
    if (!meta.card) throw new Error(`Page "${page}" has an address but no share card copy`);
    const { card } = meta;
    // The artwork's address names its bytes (content-hashed), so these inputs say it all.
    const drawn = {
      card,
      colors: themeColors[meta.theme],
      name: founder.name,
      host: new URL(url).host,
    };
    const png = await reuse.once('card', drawn, async () => {
      options ??= satoriOptions();
      const svg = await drawCard(
        {
          ...drawn,
          artSrc: card.art
            ? await rasterArt(await readImage(card.art.src), artBox(card.art))
            : undefined,
        },
        await options,
        found,
      );
      // Level 6, not 9: a tenth larger (125 KB against 113 KB, for link previews only) and about
      // 115 ms less a card, which is most of a publish that adds many of the owner's pages.
      return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
    });
    const { kicker, headline, detail, art } = card;
    return {
      page,
      png,
      ...socialCardSize,
      alt: [kicker, headline, detail, art?.alt, founder.name]
        .flatMap((words) => (words ? [words.replace(/\.$/, '')] : []))
        .join('. ')
        .concat('.'),
    };
  });
}
