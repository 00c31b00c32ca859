import { words } from './words';

/**
 * The owner's room's one HTML document (the build writes it, server/owner/router.ts serves it on
 * every /owner page): no content of the site, no data, only the room's own script and styles.
 */
export function roomDocument({ script, stylesheets }: { script: string; stylesheets: string[] }) {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${words.title}</title>`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script type="module" src="${script}"></script>`,
    '</head>',
    '<body>',
    `<noscript><p>${words.needsScript}</p></noscript>`,
    '<div id="room"></div>',
    '</body>',
    '</html>',
  ].join('\n');
}
