import { words } from './words';

interface DocumentFiles {
  script: string;
  stylesheets: string[];
}

/**
 * A document of the owner's room: no content of the site, no data, only its own script and
 * styles, never indexed and sending no Referer. Its script draws everything into `root`.
 */
function ownerDocument(
  { script, stylesheets }: DocumentFiles,
  { title, needsScript, root }: { title: string; needsScript: string; root: string },
) {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${title}</title>`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script type="module" src="${script}"></script>`,
    '</head>',
    '<body>',
    `<noscript><p>${needsScript}</p></noscript>`,
    `<div id="${root}"></div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The room's one document (the build writes it, server/owner/router.ts serves it on every
 * /owner page); its script shows sign-in, welcome or the room by path.
 */
export const roomDocument = (files: DocumentFiles) =>
  ownerDocument(files, { title: words.title, needsScript: words.needsScript, root: 'room' });

/**
 * The content editor's document: Keystatic's app takes the whole page and routes under its path
 * itself. The build writes it with the built editor's script (served at /owner/editor by
 * server/owner/editor-router.ts); `npm run dev` serves it with its own module at /keystatic.
 */
export const editorDocument = (files: DocumentFiles) =>
  ownerDocument(files, {
    title: words.editor.title,
    needsScript: words.editor.needsScript,
    root: 'keystatic',
  });
