/**
 * What only the build draws from the content (dist/server/build.js): the share images and the
 * PDFs. Apart from the page renderer (src/entry-server.tsx) because these need build-time
 * packages (satori, sharp, @react-pdf) that a production install leaves out.
 */
export { renderDownloads } from './pdf/downloads';
export { renderSocialCards } from './seo/social-cards';
