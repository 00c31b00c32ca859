/**
 * The content editor's page's Content-Security-Policy (in the room and in `npm run dev`):
 * everything from this server, scripts from files only. Keystatic's app links Google Fonts' Inter
 * on its own; refused here, the editor uses the system's sans-serif and nothing third-party loads.
 * Its styles are inserted at run time (emotion), hence 'unsafe-inline' for styles, on this page
 * only; picture previews are blob: URLs. The site's pages keep their own, stricter policy
 * (server/security-headers.ts).
 */
export const editorPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
