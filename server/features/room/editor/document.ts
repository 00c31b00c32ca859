import { type OwnerDocumentFiles, ownerDocument } from '../../../../contracts/owner-document';

/**
 * The content editor's document: Keystatic's app takes the whole page and routes under its path
 * itself. The build writes it with the built editor's script (served at /owner/editor by
 * router.ts); `npm run dev` serves it with its own module at /keystatic
 * (scripts/content-editor/dev-middleware.ts).
 */
export const editorDocument = (files: OwnerDocumentFiles) =>
  ownerDocument(files, {
    title: 'Content editor',
    needsScript: 'The content editor needs JavaScript.',
    root: 'keystatic',
  });
