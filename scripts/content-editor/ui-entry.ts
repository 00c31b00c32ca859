/**
 * The content editor's page script: Keystatic's app with the configuration derived from the
 * content schemas (server/features/room/editor/keystatic-config.ts). In `npm run dev` the editor's own Vite server
 * serves it at /keystatic (dev-middleware.ts); `npm run build` builds it apart from the pages
 * (build-editor.ts, with Keystatic's paths moved to /owner/editor) for the owner's room. Not a
 * page of the site: vite.config.ts builds src/pages/* and the room only.
 */
import { Keystatic } from '@keystatic/core/ui';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { keystaticConfig } from '../../server/features/room/editor/keystatic-config';

const root = document.getElementById('keystatic');
if (!root) throw new Error('content editor: the page has no #keystatic element');
createRoot(root).render(createElement(Keystatic, { config: keystaticConfig() }));
