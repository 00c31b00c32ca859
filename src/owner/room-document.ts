import { type OwnerDocumentFiles, ownerDocument } from '../../contracts/owner-document';
import { words } from './words';

/**
 * The room's one document (the build writes it, server/features/room/router.ts serves it on every
 * /owner page); its script shows sign-in, welcome or the room by path.
 */
export const roomDocument = (files: OwnerDocumentFiles) =>
  ownerDocument(files, { title: words.title, needsScript: words.needsScript, root: 'room' });
