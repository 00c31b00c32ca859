import { type Context, type Env, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { fieldErrors } from '../../../contracts/api-error';
import { ownerPaths } from '../../../contracts/owner';
import { BodyReadError, readBodyText } from '../../http/read-body';
import { isSameOriginPost } from '../../http/same-origin';
import type { StaticFile } from '../../http/static-files';
import { type OwnerSession, sessionLifetimeMs } from './sessions';

/**
 * What every router of the owner's room shares (docs/decisions/018-owner-sign-in.md): the
 * session cookie, the same-origin rule, the body reader and the room's one page.
 */

export type RoomEnv = { Variables: { session: OwnerSession } };

/** The room's API under the room (/api under /owner), as the room's routers are mounted. */
const apiUnderRoom = ownerPaths.api.slice(ownerPaths.room.length);

/**
 * A router of calls of the room's API, at the paths of its table (contracts/room/api.ts
 * `roomApi`): the room mounts it under /owner, so each answers at ownerPaths.api and its path,
 * where the room's page asks. Behind the session check unless `E` says otherwise (the sign-in's).
 */
export function roomApiRouter<E extends Env = RoomEnv>() {
  return new Hono<E>().basePath(apiUnderRoom);
}

/** Reads a POST's JSON body for the room: same origin, within limits, checked with its schema. */
export type BodyOf = <Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
) => Promise<{ data: z.output<Schema> } | { answer: Response }>;

const maxBodyBytes = 64 * 1024;
const cookieName = 'owner_session';

export function roomRequests({
  siteUrl,
  bodyTimeoutSeconds,
  room,
}: {
  siteUrl: string;
  bodyTimeoutSeconds: number;
  /** The room's page (one document; its script shows sign-in, welcome or the room). */
  room: StaticFile | null;
}) {
  const site = new URL(siteUrl);
  const siteOrigin = site.origin;

  /**
   * `__Host-` (Secure, host-only, path /) whenever the site is https: chosen by SITE_URL, not by
   * how the request looks here, so a TLS proxy whose headers are not believed cannot turn it
   * into a plain cookie (decision 023). Only a plain-HTTP SITE_URL (a local run) gets a plain
   * one; behind HTTPS a cookie without the prefix is never read, since another host could have
   * planted it.
   */
  const https = site.protocol === 'https:';
  const hostOnly = https ? { prefix: 'host' as const, secure: true } : {};
  const cookie = {
    read: (c: Context) => getCookie(c, cookieName, https ? 'host' : undefined) ?? null,
    write: (c: Context, token: string) =>
      setCookie(c, cookieName, token, {
        ...hostOnly,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        maxAge: sessionLifetimeMs / 1000,
      }),
    clear: (c: Context) => deleteCookie(c, cookieName, { ...hostOnly, path: '/' }),
  };

  /** The 403 for a state-changing call from another site; null for one from the room itself. */
  const crossSite = (c: Context) =>
    isSameOriginPost(c.req.raw.headers, siteOrigin)
      ? null
      : c.json({ error: 'Cross-site request refused.' }, 403);

  /** A JSON body read within limits and checked with its schema; or the 4xx answer. */
  const bodyOf: BodyOf = async (c, schema) => {
    const refused = crossSite(c);
    if (refused) return { answer: refused };
    let json: unknown;
    try {
      json = JSON.parse(
        await readBodyText(c.req.raw, {
          maxBytes: maxBodyBytes,
          deadlineMs: bodyTimeoutSeconds * 1000,
        }),
      );
    } catch (error) {
      if (error instanceof BodyReadError && error.reason === 'too-large') {
        return { answer: c.json({ error: 'Request too large.' }, 413) };
      }
      return { answer: c.json({ error: 'Send JSON.' }, 400) };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { answer: refusedFields(c, fieldErrors(parsed.error)) };
    }
    return { data: parsed.data };
  };

  const page = (c: Context) =>
    room
      ? c.html(room.body.toString('utf8'))
      : c.text('The owner’s room is missing from the build: run `npm run build`.', 503);

  return { siteOrigin, cookie, crossSite, bodyOf, page };
}

export type RoomRequests = ReturnType<typeof roomRequests>;

/** The 400 that names each field the room's call got wrong. */
export const refusedFields = (c: Context, fields: Record<string, string>) =>
  c.json({ error: 'Check the request.', fields }, 400);

/** A GET's query string checked with its schema; or the 400 that names the field. */
export function queryOf<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): { data: z.output<Schema> } | { answer: Response } {
  const parsed = schema.safeParse(c.req.query());
  return parsed.success
    ? { data: parsed.data }
    : { answer: refusedFields(c, fieldErrors(parsed.error)) };
}
