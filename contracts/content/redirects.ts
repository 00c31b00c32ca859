import { z } from 'zod';
import {
  isReservedPath,
  normalizePath,
  ownerPathPattern,
  reservedSegments,
  systemPageAt,
} from '../route-table';
import { siteIds } from '../sites';
import { href } from './fields';

/**
 * The site settings' redirects (content/site.yaml `redirects`): an old path that sends its
 * visitors on, so links in emails already sent keep working when a page is renamed or removed.
 * Served by server/app.ts through contracts/routes.ts `redirectFor`; decision 024.
 */
const redirect = z.strictObject({
  /** The site whose old path it is (each host has its own paths). */
  site: z.enum(siteIds, { error: `expected one of the sites: ${siteIds.join(', ')}` }),
  from: z
    .string({ error: 'expected a path starting with /' })
    .regex(
      ownerPathPattern,
      'expected a path such as /old-offer: lower-case letters, digits and - . _ ~ between ' +
        'slashes, no trailing slash',
    ),
  /** Held to every link's rule: no address a browser reads as another host (link-address.ts). */
  to: href,
  /** Permanent (301): search engines move the old path's standing to the new one. */
  kind: z.enum(['permanent', 'temporary'], { error: 'expected permanent or temporary' }),
});

/** Each refusal below names the paths it is about: the owner needs no "got …" after it. */
const namesValue = { namesValue: true };

export const redirects = z.array(redirect).superRefine((list, context) => {
  const key = (site: string, path: string) => `${site} ${path}`;
  const first = new Map<string, number>();
  for (const [index, { site, from }] of list.entries()) {
    const problem = (field: 'from' | 'to', message: string) =>
      context.addIssue({ code: 'custom', path: [index, field], message, params: namesValue });
    if (isReservedPath(from)) {
      problem(
        'from',
        `${from} is the server's own (${reservedSegments.map((segment) => `/${segment}`).join(', ')}): a redirect from it would never be reached`,
      );
    }
    if (systemPageAt(site, from)) {
      problem(
        'from',
        `${from} is a page of the ${site} site: a redirect from it would hide the page`,
      );
    }
    const earlier = first.get(key(site, from));
    if (earlier === undefined) first.set(key(site, from), index);
    else
      problem('from', `redirects[${earlier}] already sends ${from} on the ${site} site elsewhere`);
  }
  for (const [index, { site, from, to }] of list.entries()) {
    const report = (message: string) =>
      context.addIssue({ code: 'custom', path: [index, 'to'], message, params: namesValue });
    const hops = [from];
    let target = to;
    for (;;) {
      // A path of the same host, as the route table reads it; a full address is not followed.
      const path = target.startsWith('/') ? normalizePath(target) : null;
      if (path !== null && hops.includes(path)) {
        report(`a redirect loop: ${[...hops, path].join(' → ')}, so the page never loads`);
        break;
      }
      const onward = path === null ? undefined : first.get(key(site, path));
      if (path === null || onward === undefined) {
        if (hops.length > 1) {
          report(
            `a chain of redirects: ${[...hops, target].join(' → ')}; send ${from} to ${target} directly`,
          );
        }
        break;
      }
      hops.push(path);
      target = list[onward]?.to ?? '';
    }
  }
});

/** One redirect as the server serves it (contracts/routes.ts `redirectFor`). */
export type Redirect = z.output<typeof redirect>;
