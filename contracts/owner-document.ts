/** The files a document of the owner's loads, from the build's manifest (or a dev server). */
export interface OwnerDocumentFiles {
  script: string;
  stylesheets: string[];
}

/**
 * A document of the owner's (the room, src/owner/room-document.ts, and the content editor,
 * server/features/room/editor/document.ts): no content of the site, no data, only its own script and
 * styles, never indexed and sending no Referer. Its script draws everything into `root`.
 */
export function ownerDocument(
  { script, stylesheets }: OwnerDocumentFiles,
  { title, needsScript, root }: { title: string; needsScript: string; root: string },
): string {
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
