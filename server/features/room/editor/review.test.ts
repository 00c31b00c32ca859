import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Review, reviewUpdate } from './review';

/**
 * The pictures a save may write (review.ts with safe-svg.ts), tried with the ways a drawing has
 * been known to carry script or reach outside past a list of banned patterns: a namespace
 * prefix, character references, protocol-relative links, animation of a link, a DOCTYPE's
 * entities, CDATA, odd casing. Each is refused with the reason the editor shows; what an editor
 * program leaves behind for itself is dropped; a clean drawing is kept byte for byte.
 */
const contentDir = mkdtempSync(join(tmpdir(), 'review-pictures-'));
mkdirSync(join(contentDir, 'images'));
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const svgNs = 'xmlns="http://www.w3.org/2000/svg"';
const xlinkNs = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attributes = '') =>
  `<svg ${svgNs} ${xlinkNs} viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

const saveOf = (path: string, text: string | Buffer): Promise<Review> =>
  reviewUpdate(
    { additions: [{ path, contents: Buffer.from(text).toString('base64') }], deletions: [] },
    contentDir,
  );

/** The text a save would write for a picture, or the reason it is refused. */
async function saved(text: string | Buffer): Promise<{ text: string } | { refused: string }> {
  const review = await saveOf('images/drawing.svg', text);
  if ('problem' in review) return { refused: review.problem };
  const written = review.update.additions[0]?.contents ?? '';
  return { text: Buffer.from(written, 'base64').toString('utf8') };
}

const activeContent = /scripts, event handlers or outside links/;

describe('an uploaded SVG', () => {
  const refusals: Array<[string, string, RegExp]> = [
    [
      'a script behind a namespace prefix',
      svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script><rect/>'),
      /<x:script>/,
    ],
    [
      'an XHTML script inside the drawing',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      /<h:script>/,
    ],
    [
      'a link to javascript: written with a character reference',
      svg('<a href="javascript&#58;alert(1)"><rect width="4" height="4"/></a>'),
      /href="javascript:alert\(1\)"/,
    ],
    [
      'a protocol-relative xlink:href',
      svg('<image xlink:href="//evil.example/x.svg" width="4" height="4"/>'),
      /xlink:href="\/\/evil\.example\/x\.svg"/,
    ],
    [
      'a protocol-relative image href',
      svg('<image href="//evil.example/x.png" width="4" height="4"/>'),
      /href="\/\/evil\.example\/x\.png"/,
    ],
    [
      'a <use> of another site’s drawing',
      svg('<use href="http://evil.example/sprite.svg#icon"/>'),
      /href="http:\/\/evil\.example\/sprite\.svg#icon"/,
    ],
    [
      'a nested SVG in a data: address, which nothing here has checked',
      svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="4" height="4"/>'),
      /href="data:image\/svg\+xml/,
    ],
    [
      'a <foreignObject> carrying HTML',
      svg(
        '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
      ),
      /<foreignObject>/,
    ],
    [
      'an event handler in odd casing',
      svg('<rect width="4" height="4"/>', ' OnLoAd="alert(1)"'),
      /OnLoAd=/,
    ],
    [
      'an event handler on an inner element',
      svg('<rect width="4" height="4" onmouseover="alert(1)"/>'),
      /onmouseover=/,
    ],
    [
      'a style that imports another file',
      svg('<style>@import url(https://evil.example/x.css);</style><rect/>'),
      /@import/,
    ],
    [
      'a style that loads from outside, with the function name escaped',
      svg('<style>rect { fill: u\\72l(https://evil.example/x.png) }</style><rect/>'),
      /url\(https:\/\/evil\.example\/x\.png\)/,
    ],
    [
      'a style attribute that loads from outside',
      svg('<rect style="fill: URL(&quot;//evil.example/x&quot;)"/>'),
      /url\("\/\/evil\.example\/x"\)/,
    ],
    [
      'a presentation attribute that loads from outside',
      svg('<rect fill="url(http://evil.example/p.svg#g)"/>'),
      /url\(http:\/\/evil\.example\/p\.svg#g\)/,
    ],
    [
      'a script in a CDATA section',
      svg('<script><![CDATA[ alert(1) ]]></script><rect/>'),
      /<script>/,
    ],
    [
      'a <set> that turns a link into javascript:',
      svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><rect/></a>'),
      /<set>/,
    ],
    [
      'an <animate> of a link',
      svg('<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>'),
      /<animate>/,
    ],
    [
      'an <animateTransform> pointed at a link',
      svg('<a href="#x"><animateTransform attributeName="href" to="javascript:alert(1)"/></a>'),
      /attributeName="href"/,
    ],
    [
      'a style sheet pulled in by a processing instruction',
      `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('<rect/>')}`,
      /<\?xml-stylesheet\?>/,
    ],
  ];
  for (const [what, text, reason] of refusals) {
    it(`is refused with the reason shown: ${what}`, async () => {
      const result = await saved(text);
      expect(result, what).toHaveProperty('refused');
      if (!('refused' in result)) return;
      expect(result.refused).toMatch(/^Not saved: image "drawing\.svg" is an SVG with/);
      expect(result.refused).toMatch(activeContent);
      expect(result.refused).toMatch(reason);
    });
  }

  it('is refused with a DOCTYPE, whose entities could hide anything or grow without end', async () => {
    const entities = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${svg('&x;')}`;
    const laughs = `<!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`;
    const external = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg('<rect/>')}`;
    for (const text of [entities, laughs, external]) {
      expect(await saved(text)).toEqual({
        refused:
          'Not saved: image "drawing.svg" is an SVG with a DOCTYPE, which can define entities or load other files; save it again without it.',
      });
    }
  });

  it('is refused when it is not well-formed XML, not UTF-8, or not in the SVG namespace', async () => {
    expect(await saved(svg('<rect>'))).toEqual({
      refused: expect.stringMatching(/^Not saved: image "drawing\.svg" is not well-formed XML/),
    });
    const [before, after] = svg('<text>?</text>').split('?') as [string, string];
    const latin1 = Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]);
    expect(await saved(latin1)).toEqual({
      refused: expect.stringMatching(/is an SVG not saved as UTF-8 text/),
    });
    expect(
      await saved(`<?xml version="1.0" encoding="ISO-8859-1"?>${svg('<text>caf\u00e9</text>')}`),
    ).toEqual({ refused: expect.stringMatching(/is an SVG not saved as UTF-8 text/) });
    expect(await saved('<svg viewBox="0 0 4 4"><rect/></svg>')).toEqual({
      refused: expect.stringMatching(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/),
    });
  });

  it('keeps what an editor program leaves behind out, and saves the drawing without it', async () => {
    const inkscape = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- Created with Inkscape -->',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"',
      ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 10 10" inkscape:version="1.3">',
      '<sodipodi:namedview id="base" pagecolor="#ffffff"/>',
      '<g inkscape:label="Layer 1" inkscape:groupmode="layer"><rect width="4" height="4" fill="#c8f031"/></g>',
      '</svg>',
    ].join('\n');
    const result = await saved(inkscape);
    expect(result).toHaveProperty('text');
    if (!('text' in result)) return;
    expect(result.text).not.toMatch(/inkscape|sodipodi/);
    expect(result.text).toContain('<rect width="4" height="4" fill="#c8f031"/>');
    // What is written passes again unchanged.
    expect(await saved(result.text)).toEqual({ text: result.text });
  });

  it('keeps a clean drawing byte for byte: gradients, local <use>, styles, CDATA, embedded photos', async () => {
    const drawing = svg(
      [
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#111"/></linearGradient>',
        '<clipPath id="c"><circle cx="5" cy="5" r="5"/></clipPath>',
        '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter>',
        '<symbol id="title"><path d="M0 0L4 4"/></symbol></defs>',
        '<style><![CDATA[ .a { fill: url(#g); } @font-face { font-family: X; src: local("Inter"); } ]]></style>',
        '<rect class="a" width="10" height="10" clip-path="url(#c)" filter="url(#f)"/>',
        '<use href="#title"/><use xlink:href="#title" x="2"/>',
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="2" height="2"/>',
        '<a href="#title"><text x="1" y="9" style="font: 2px sans-serif">a &lt; b</text></a>',
      ].join(''),
      ' width="10" height="10"',
    );
    expect(await saved(drawing)).toEqual({ text: drawing });
  });

  it('keeps every picture of the repository’s content as it is', async () => {
    const images = resolve(import.meta.dirname, '../../../../content/images');
    const svgs = readdirSync(images, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.svg'),
    );
    expect(svgs.length).toBeGreaterThan(0);
    for (const file of svgs) {
      const text = readFileSync(join(images, file), 'utf8');
      expect(await saved(text), file).toEqual({ text });
    }
  });
});
