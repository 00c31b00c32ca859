/**
 * The Content-Security-Policies of the owner's room (decision 023). The room holds the whole
 * business, so its pages load nothing but this server's own files: scripts from files only, and
 * none of the analytics or video hosts that the public pages may load after consent
 * (server/http/security-headers.ts). The room's pages are drawn by their script with the room's
 * stylesheet, so no inline style is needed; a picture may be a data: or blob: URL (a preview).
 */
const roomDirectives = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' blob: data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'frame-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** Every page and answer under /owner but the content editor. */
export const roomPolicy = policy(roomDirectives);

/**
 * The content editor's page (in the room and in `npm run dev`). Keystatic's app links Google
 * Fonts' Inter on its own; refused here, the editor uses the system's sans-serif and nothing
 * third-party loads. Its styles are inserted at run time (emotion), hence 'unsafe-inline' for
 * styles, on this page only.
 */
export const editorPolicy = policy({ ...roomDirectives, 'style-src': "'self' 'unsafe-inline'" });
