import fc from 'fast-check';
import { expect, it } from 'vitest';
import { apiErrorSchema } from '../../contracts/api-error';
import { createTestApp, post } from '../testing/app';
import { countRows, describeEachStore } from '../testing/stores';

/**
 * Property: whatever malformed body arrives, the answer is a 4xx with a JSON `error`, and nothing
 * is stored or queued. Each generator is malformed by construction (no oracle from the schema).
 */

const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const blank = fc.stringMatching(/^[ \t\n\r]*$/);
/** Text with one character no text field takes: a control, a direction override, a lone surrogate. */
const hostileText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('\u0000', '\u0007', '\u001b', '\u0085', '\u202e', '\u2066', '\ud800', '\udfff'),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `x${before}${bad}${after}x`);
/** Numbers where text belongs, from the huge to the odd. */
const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 4, 0, -0);
/** Objects nested deeper than any form sends. */
const nested = fc.integer({ min: 2, max: 200 }).map((depth) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
});
const noAtSign = fc.string({ maxLength: 60 }).filter((s) => !s.includes('@'));

const endpoints = [
  {
    path: '/api/contact-submissions',
    table: 'contact_submissions',
    valid: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    required: ['name', 'email', 'message'],
    badValues: {
      name: fc.oneof(
        notAString,
        blank,
        hostileText,
        hugeNumber,
        nested,
        fc.string({ minLength: 201, maxLength: 260 }).filter((s) => s.trim().length > 200),
      ),
      email: fc.oneof(notAString, blank, noAtSign, hostileText),
      message: fc.oneof(notAString, blank, hostileText, nested),
    },
  },
  {
    path: '/api/subscriptions',
    table: 'subscribers',
    valid: { list: 'waitlist', email: 'ada@example.com' },
    required: ['list', 'email'],
    badValues: {
      list: fc.oneof(
        notAString,
        fc.string().filter((s) => !['newsletter', 'waitlist', 'handbook'].includes(s)),
      ),
      email: fc.oneof(notAString, blank, noAtSign, hostileText),
      firstName: fc.oneof(
        notAString,
        hostileText,
        hugeNumber,
        nested,
        fc.string({ minLength: 101, maxLength: 140 }).map((s) => `${'x'.repeat(101)}${s}`),
      ),
      source: fc.oneof(notAString, hostileText),
      page: fc.oneof(
        notAString,
        hostileText,
        fc.constantFrom('/\\evil.example', '//evil.example', 'https://evil.example/', 'ig'),
      ),
      utm: fc.oneof(
        fc.constant('ig'),
        fc.record({ utm_source: notAString }),
        fc.record({ unknown_param: fc.string() }),
      ),
    },
  },
] as const;

function malformedBodies(endpoint: (typeof endpoints)[number]) {
  const notJson = fc.string().filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });
  const jsonButNotAnObject = fc
    .oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string(), fc.array(fc.jsonValue()))
    .map((value) => JSON.stringify(value));
  const fieldNames = Object.keys(endpoint.badValues) as (keyof typeof endpoint.badValues)[];
  const oneBadField = fc
    .constantFrom(...fieldNames)
    .chain((field) =>
      fc.oneof(
        fc.constant({ field, drop: true as const, value: undefined }),
        (endpoint.badValues[field] as fc.Arbitrary<unknown>).map((value) => ({
          field,
          drop: false as const,
          value,
        })),
      ),
    )
    // Leaving out a field is malformed only for a required one.
    .filter(({ field, drop }) => !drop || (endpoint.required as readonly string[]).includes(field))
    .map(({ field, drop, value }) => {
      const body: Record<string, unknown> = { ...endpoint.valid };
      if (drop) delete body[field];
      else body[field] = value;
      return JSON.stringify(body);
    });
  /** A valid body with a key the contract does not know, prototype keys among them. */
  const unknownKey = fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'state', 'admin'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter(
      (key) =>
        !(key in endpoint.valid) &&
        !(endpoint.required as readonly string[]).includes(key) &&
        !Object.keys(endpoint.badValues).includes(key) &&
        !['company_website', 'utm', 'ref', 'source', 'page', 'firstName'].includes(key),
    )
    .chain((key) =>
      fc.jsonValue({ maxDepth: 3 }).map((value) => {
        const body = JSON.stringify(endpoint.valid);
        return `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},${body.slice(1)}`;
      }),
    );
  const randomObjectWithoutEmail = fc
    .dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 })
    .filter((body) => !('email' in body) && !('company_website' in body))
    .map((body) => JSON.stringify(body));
  return fc.oneof(notJson, jsonButNotAnObject, oneBadField, unknownKey, randomObjectWithoutEmail);
}

for (const endpoint of endpoints) {
  describeEachStore(`malformed bodies: ${endpoint.path}`, ({ store }) => {
    it('each get a 4xx JSON error and nothing is stored (1,000 bodies)', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' });
      await fc.assert(
        fc.asyncProperty(malformedBodies(endpoint), async (body) => {
          const response = await post(app, endpoint.path, body, {
            headers: { 'Content-Type': 'application/json' },
          });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
        }),
        { numRuns: 1000 },
      );
      expect(await countRows(store(), endpoint.table)).toBe(0);
      expect(await countRows(store(), 'outbox_jobs')).toBe(0);
    });

    it('each get 415 for any other content type (200 bodies)', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' });
      const otherType = fc
        .stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}$/)
        .filter(
          (type) => type !== 'application/json' && type !== 'application/x-www-form-urlencoded',
        );
      await fc.assert(
        fc.asyncProperty(otherType, async (type) => {
          const response = await post(app, endpoint.path, JSON.stringify(endpoint.valid), {
            headers: { 'Content-Type': type },
          });
          expect(response.status).toBe(415);
          expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
        }),
        { numRuns: 200 },
      );
      expect(await countRows(store(), endpoint.table)).toBe(0);
    });
  });
}
