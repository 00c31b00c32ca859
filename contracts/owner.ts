import { z } from 'zod';

/**
 * The owner's room's JSON API (/owner/api/…, docs/decisions/018-owner-sign-in.md): what the
 * room's page sends and what it gets back, read with these schemas on both sides.
 */

/** Where the room lives on the main site, and where its JSON API answers. */
export const ownerPaths = {
  room: '/owner',
  signIn: '/owner/sign-in',
  /** The invite link: the token rides in the fragment, which no server or proxy log records. */
  welcome: '/owner/welcome',
  api: '/owner/api',
  /**
   * The content editor (Keystatic) and its API. Keystatic's app has /keystatic and
   * /api/keystatic written into it; the build rewrites them to these (scripts/content-editor/paths.ts).
   */
  editor: '/owner/editor',
  editorApi: '/owner/api/editor',
} as const;

/** base64url, as WebAuthn's JSON encodes every binary value; capped so no field is unbounded. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8);

/**
 * What @simplewebauthn/browser's startRegistration() gives: the new credential. The browser may
 * add extension results; they are bounded like the rest and not used.
 */
export const registrationResponseSchema = z.strictObject({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()),
});

/** What startAuthentication() gives: a signature over our challenge. */
export const authenticationResponseSchema = z.strictObject({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()),
});

/** An invite link's secret, as `owner invite` prints it. */
export const inviteTokenSchema = base64url(64).min(32, 'This invite link is not complete.');

/** A name the owner gives a passkey, so they can tell theirs apart ("Phone", "Laptop"). */
export const passkeyLabelSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(60, 'At most 60 characters.')
  .refine((label) => !/\p{Cc}/u.test(label), 'No control characters.');

/** A ceremony's options: passed as they are to @simplewebauthn/browser, tied to a challenge id. */
export const ceremonySchema = z.strictObject({
  challengeId: z.string(),
  // Built by @simplewebauthn/server and read by its browser half: both sides are that library.
  options: z.record(z.string(), z.unknown()),
});

export const welcomeOptionsRequestSchema = z.strictObject({ invite: inviteTokenSchema });
export const welcomeRequestSchema = z.strictObject({
  invite: inviteTokenSchema,
  challengeId: z.string().max(64),
  label: passkeyLabelSchema,
  credential: registrationResponseSchema,
});
export const signInRequestSchema = z.strictObject({
  challengeId: z.string().max(64),
  credential: authenticationResponseSchema,
});
export const addPasskeyRequestSchema = z.strictObject({
  challengeId: z.string().max(64),
  label: passkeyLabelSchema,
  credential: registrationResponseSchema,
});

/** One of the owner's passkeys to remove, by its credential id (as GET /owner/api/me lists it). */
export const removePasskeyRequestSchema = z.strictObject({ id: base64url(1024).min(1) });

/** Who is signed in, their passkeys, and the other owners (GET /owner/api/me). */
export const ownerMeSchema = z.strictObject({
  name: z.string(),
  passkeys: z.array(
    z.strictObject({
      id: z.string(),
      label: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  /** This owner's sessions still open, this one included. */
  sessions: z.number().int(),
});

/** The audit log, newest first (GET /owner/api/audit). */
export const auditLogSchema = z.strictObject({
  entries: z.array(
    z.strictObject({
      at: z.string(),
      owner: z.string().nullable(),
      action: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const okSchema = z.strictObject({ ok: z.literal(true) });

export type OwnerMe = z.infer<typeof ownerMeSchema>;
export type AuditLog = z.infer<typeof auditLogSchema>;
