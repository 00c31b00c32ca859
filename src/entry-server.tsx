import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { pageRegistry } from './pages/registry';
import type { PageId } from '../contracts/routes';

export { founder } from './content/site';
export { renderDownloads } from './pdf/downloads';
export { renderSocialCards } from './seo/social-cards';
export { structuredData } from './seo/structured-data';
export { pageRegistry };

/** Renders one page to the HTML that its client entry hydrates (no document shell). */
export async function renderPage(page: PageId): Promise<string> {
  const { Component } = pageRegistry[page];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Component />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
