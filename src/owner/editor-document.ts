import { words } from './words';

/**
 * The content editor's HTML document: Keystatic's app takes the whole page and routes under its
 * path itself. The build writes it with the built editor's script (served at /owner/editor by
 * server/owner/editor-router.ts); `npm run dev` serves it with its own module at /keystatic. No
 * public page links or loads any of it.
 */
export function editorDocument({ script, stylesheets }: { script: string; stylesheets: string[] }) {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${words.editor.title}</title>`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script type="module" src="${script}"></script>`,
    '</head>',
    '<body>',
    `<noscript><p>${words.editor.needsScript}</p></noscript>`,
    '<div id="keystatic"></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
