import fc from 'fast-check';
import { subscriptionLists } from '../../contracts/subscription';
import { applyingSite, testApplication } from './cohort';

/**
 * Bodies each lead endpoint must refuse: malformed by construction (no oracle from the schema),
 * for the property test (server/features/leads/lead-form.property.test.ts) and `npm run bench:hostile`.
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
/** A proof of work that is no string, or far longer than any real one. */
const badProof = fc.oneof(
  notAString,
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.repeat(Math.ceil(4097 / s.length))),
);
const noAtSign = fc.string({ maxLength: 60 }).filter((s) => !s.includes('@'));

export const hostileEndpoints = [
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
      altcha: badProof,
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
        fc.string().filter((s) => !(subscriptionLists as readonly string[]).includes(s)),
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
      altcha: badProof,
    },
  },
  {
    path: '/api/cohort/applications',
    table: 'cohort_applications',
    valid: testApplication,
    required: ['email', 'name', 'answers'],
    /** The built site's cohort takes none without an application form: the test app's does. */
    site: applyingSite,
    badValues: {
      email: fc.oneof(notAString, blank, noAtSign, hostileText),
      name: fc.oneof(notAString, blank, hostileText, hugeNumber, nested),
      answers: fc.oneof(
        notAString,
        nested,
        // One answer broken in each way a question can be: the wrong type, too long, not an
        // option, too many options, a number as text, a script address, a question not asked.
        fc
          .record(
            {
              business: fc.oneof(notAString, hostileText, fc.constant('x'.repeat(121))),
              revenue: fc.oneof(notAString, fc.constant('Over £10m')),
              goals: fc.oneof(
                fc.constant('Sell'),
                fc.constant(['Sell', 'Grow', 'Step back']),
                fc.constant(['Sell', 'Sell']),
                fc.constant([]),
              ),
              team: fc.oneof(fc.constant('12'), fc.constant(1.5), fc.constant(-1), nested),
              website: fc.oneof(
                // Null or no item at all is an optional question left unanswered: fine.
                notAString.filter(
                  (value) => value !== null && !(Array.isArray(value) && value.length === 0),
                ),
                hostileText,
                fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'ftp://example.com'),
              ),
              unasked: fc.string(),
            },
            { requiredKeys: [] },
          )
          .filter((answers) => Object.keys(answers).length > 0)
          .map((answers) => ({ ...testApplication.answers, ...answers })),
      ),
      altcha: badProof,
    },
  },
] as const;

export function malformedBodies(endpoint: (typeof hostileEndpoints)[number]) {
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
        !['company_website', 'altcha', 'utm', 'ref', 'source', 'page', 'firstName'].includes(key),
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
