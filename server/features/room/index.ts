/**
 * The owner's room (docs/decisions/018-owner-sign-in.md, 030-room-views.md): /owner on the main
 * site's host, its sign-in, passkeys, sessions and audit log, the content editor, the working
 * copy, publishing (versions, renders, following other instances) and the outbox's view. What
 * the rest of the server may use of it:
 * - the room itself (`roomRoutes`), which mounts each feature's room API, a `RoomPart` made from
 *   the room's `RoomTools`, behind its session check;
 * - what a feature's room API is built with: `RoomEnv`, the body and query readers (`BodyOf`,
 *   `queryOf`, `refusedFields`), a router of calls at the room's API's paths (`roomApiRouter`),
 *   the audit log (`audit`, or `recordAudit` inside the write it tells of), and the answers of
 *   a publish;
 * - publishing (`createPublisher`) and the working copy, made at boot;
 * - for tests and `npm run leads owner`: inviting an owner, starting a session.
 * Its tables: owners, owner_passkeys, owner_challenges, owner_sessions, owner_invites, audit_log,
 * content_blobs, content_versions.
 */
export { audit, auditEntries, recordAudit } from './audit-log';
export { type ContentChange, type ContentEditorApi, contentEditorApi } from './editor/api';
export { roomMigrations } from './migrations';
export { inviteOwner } from './owner-invites';
export { publishAnswers } from './publish/answers';
export type { Held, PublishHook } from './publish/hooks';
export { createPublisher, type Publisher } from './publish/publisher';
export { latestVersion } from './publish/versions';
export {
  type BodyOf,
  queryOf,
  type RoomEnv,
  refusedFields,
  roomApiRouter,
} from './room-request';
export type { RoomPart, RoomTools } from './router';
export { roomRoutes } from './routes';
export { startSession } from './sessions';
export { ensureWorkingCopy, workingCopyOnFirstUse } from './working-copy';
