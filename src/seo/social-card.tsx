import type { SocialCard } from '../content/types';
import type { ThemeColors } from '../styles/theme-colors';

/** The size Open Graph and X show large (1.91:1). */
export const socialCardSize = { width: 1200, height: 630 } as const;

const padding = { x: 72, top: 60, bottom: 52 };
/** The right-hand side: artwork or the accent disc; the words get the rest of the width. */
const side = { width: 380, gap: 48 };
const textWidth = socialCardSize.width - padding.x * 2 - side.width - side.gap;

/** The type sizes a card is drawn at; src/seo/social-cards.tsx finds the largest that fit. */
export interface CardTypeSizes {
  kicker: number;
  headline: number;
}

/** The boxes whose layout the fitting measures (satori reports each by its React key). */
export const measuredBoxes = {
  kicker: 'kicker',
  headline: 'headline',
  words: 'words',
  signature: 'signature',
} as const;

export const kickerLineHeight = 1.2;
export const kickerPadding = { x: 18, y: 9 };
export const headlineLineHeight = 1.02;

const artHeight = 480;
/** A portrait's 4:5 at most: a wider picture (a post's landscape cover) would reach the words. */
const artMaxWidth = (artHeight * 4) / 5;

/** The artwork's size on the card: its full height, its own shape up to the widest it may be. */
export function artBox(art: { width: number; height: number }) {
  return {
    width: Math.min(artMaxWidth, Math.round((artHeight * art.width) / art.height)),
    height: artHeight,
  };
}

/** A hyphenated word stays whole (word joiners): "7-" alone at a line end reads badly. */
const unbroken = (text: string) => text.replaceAll('-', '\u2060-\u2060');

export interface SocialCardImageProps {
  card: SocialCard;
  colors: ThemeColors;
  /** The founder, signed at the foot. */
  name: string;
  /** The host the page lives on, beside the name. */
  host: string;
  /** The card's artwork as a raster data URL (satori embeds it as is). */
  artSrc?: string;
  sizes: CardTypeSizes;
}

/** The accent disc on the right, cut by the card's edge, with the badge or a stripe motif. */
function Disc({ card, colors }: Pick<SocialCardImageProps, 'card' | 'colors'>) {
  const diameter = 500;
  const cut = 80;
  return (
    <div
      style={{
        position: 'absolute',
        right: -cut,
        top: (socialCardSize.height - diameter) / 2,
        width: diameter,
        height: diameter,
        borderRadius: diameter / 2,
        backgroundColor: colors.accent,
        color: colors.onAccent,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        // Centred in the part that shows.
        paddingRight: cut,
        boxSizing: 'border-box',
      }}
    >
      {card.badge ? (
        <>
          <div style={{ fontFamily: 'Anton', fontSize: 180, lineHeight: 1 }}>
            {card.badge.value}
          </div>
          <div
            style={{
              marginTop: 12,
              fontSize: 24,
              fontWeight: 700,
              letterSpacing: 3,
              textTransform: 'uppercase',
            }}
          >
            {card.badge.label}
          </div>
        </>
      ) : card.art ? null : (
        // The portrait's stripes: the brand's motif where a page has no figure of its own.
        <div style={{ display: 'flex', gap: 18 }}>
          {[1, 2, 3, 4, 5, 6].map((stripe) => (
            <div
              key={stripe}
              style={{ width: 14, height: 180, backgroundColor: colors.onAccent }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The artwork, tilted over the disc: its full height, centred on the card. */
function Artwork({ src, art }: { src: string; art: { width: number; height: number } }) {
  return (
    <img
      src={src}
      alt=""
      width={art.width}
      height={art.height}
      style={{
        position: 'absolute',
        right: padding.x + 20,
        top: (socialCardSize.height - art.height) / 2,
        transform: 'rotate(3deg)',
        borderRadius: 6,
        boxShadow: '0 28px 56px rgba(17, 17, 17, 0.35)',
      }}
    />
  );
}

/** The kicker on its accent pill, the headline and the line under it: the boxes the fitting sizes. */
function Words({ card, colors, sizes }: Pick<SocialCardImageProps, 'card' | 'colors' | 'sizes'>) {
  return (
    <div
      key={measuredBoxes.words}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        flexShrink: 0,
      }}
    >
      <div
        key={measuredBoxes.kicker}
        style={{
          display: 'flex',
          padding: `${kickerPadding.y}px ${kickerPadding.x}px`,
          borderRadius: 999,
          backgroundColor: colors.accent,
          color: colors.onAccent,
          fontSize: sizes.kicker,
          lineHeight: kickerLineHeight,
          fontWeight: 700,
          letterSpacing: sizes.kicker * 0.08,
          textTransform: 'uppercase',
        }}
      >
        {card.kicker}
      </div>
      <div
        key={measuredBoxes.headline}
        style={{
          marginTop: 28,
          fontFamily: 'Anton',
          fontSize: sizes.headline,
          lineHeight: headlineLineHeight,
          letterSpacing: 0.5,
          textTransform: 'uppercase',
          textWrap: 'balance',
        }}
      >
        {unbroken(card.headline)}
      </div>
      {card.detail ? (
        <div
          style={{
            marginTop: 22,
            fontSize: 28,
            lineHeight: 1.35,
            color: colors.muted,
            textWrap: 'balance',
          }}
        >
          {unbroken(card.detail)}
        </div>
      ) : null}
    </div>
  );
}

/** The foot: a rule, the founder's name and the host. */
function Signature({ colors, name, host }: Pick<SocialCardImageProps, 'colors' | 'name' | 'host'>) {
  return (
    <div
      key={measuredBoxes.signature}
      style={{ display: 'flex', alignItems: 'center', gap: 18, flexShrink: 0 }}
    >
      <div style={{ width: 40, height: 4, backgroundColor: colors.ink }} />
      <div
        style={{
          fontFamily: 'Anton',
          fontSize: 32,
          letterSpacing: 1,
          textTransform: 'uppercase',
        }}
      >
        {name}
      </div>
      <div style={{ fontSize: 22, color: colors.muted }}>{host}</div>
    </div>
  );
}

/**
 * A page's share image as satori lays it out (flexbox and inline styles only): the kicker on an
 * accent pill, the headline in Anton capitals, an optional line under it, the founder's name and
 * the host at the foot; on the right the artwork (a book cover, a portrait) tilted over an accent
 * disc, or the disc alone with the page's figure in it. Colours come from the page's theme; the
 * words from its content. The keyed boxes (`measuredBoxes`) keep their keys on the elements the
 * parts return, where satori reports them.
 */
export function SocialCardImage({ card, colors, name, host, artSrc, sizes }: SocialCardImageProps) {
  const art = card.art ? artBox(card.art) : null;
  return (
    <div
      style={{
        width: socialCardSize.width,
        height: socialCardSize.height,
        display: 'flex',
        position: 'relative',
        backgroundColor: colors.paper,
        color: colors.ink,
        fontFamily: 'Inter',
      }}
    >
      <Disc card={card} colors={colors} />
      {artSrc && art ? <Artwork src={artSrc} art={art} /> : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: textWidth + padding.x,
          padding: `${padding.top}px 0 ${padding.bottom}px ${padding.x}px`,
          boxSizing: 'border-box',
        }}
      >
        <Words card={card} colors={colors} sizes={sizes} />
        <Signature colors={colors} name={name} host={host} />
      </div>
    </div>
  );
}
