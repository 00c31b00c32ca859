/**
 * The content editor's page (dev-middleware.ts serves it at /keystatic in `npm run dev`):
 * Keystatic's app with the configuration derived from the content schemas. Not a page of the
 * site: vite.config.ts builds src/pages/* only, and this is served by the editor's own Vite server.
 */
import { Keystatic } from '@keystatic/core/ui';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { keystaticConfig } from './config';

const root = document.getElementById('keystatic');
if (!root) throw new Error('content editor: the page has no #keystatic element');
createRoot(root).render(createElement(Keystatic, { config: keystaticConfig() }));
