import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../content/page-props';
import { pageProps, renderPage } from '../../entry-server';
import { testContent } from '../../testing/content';

/**
 * The cohort page's call buttons follow how people get in (content/cohort.yaml `admission`,
 * docs/decisions/033-cohort-applications.md): the booking call as before, or the application page
 * on the same site. Read as a visitor without JavaScript reads it: its HTML alone.
 */
let content: SiteContent;

beforeAll(async () => {
  content = await testContent();
});

type Admission = SiteContent['cohort']['admission'];
const page = (admission: Admission) =>
  renderPage(
    'cohort',
    pageProps({ ...content, cohort: { ...content.cohort, admission } }, Date.now()),
  );

/** Each call button of the page, by where it sits: its opening tag's attributes but the class, and its label. */
function buttons(html: string) {
  return [...html.matchAll(/<a (data-cta="cohort-[a-z]+"[^>]*?) class="[^"]*">([^<]*)<\/a>/g)].map(
    ([, attributes, label]) => ({ attributes, label }),
  );
}

const sections = ['hero', 'story', 'pain', 'details', 'ready'] as const;

describe('the cohort page’s call buttons', () => {
  it('with admission: call, are the booking links they were, attribute for attribute, in a new tab', async () => {
    const { cohort } = content;
    const html = await page('call');
    expect(buttons(html)).toEqual(
      sections.map((section) => ({
        attributes: `data-cta="cohort-${section}" target="_blank" rel="noopener noreferrer" href="${cohort.booking}"`,
        label: (section === 'details' ? cohort.details : cohort[section]).cta,
      })),
    );
    expect(html).not.toContain('href="/apply');
  });

  it('with admission: application, each says the application’s label and opens the application page in the same tab', async () => {
    const html = await page('application');
    const apply = content.cohort.application?.apply;
    expect(apply).toBeTruthy();
    expect(buttons(html)).toEqual(
      sections.map((section) => ({
        // The link takes the visitor's source along (src/lib/source-link.ts).
        attributes: `data-cta="cohort-${section}" href="/apply" data-source-link=""`,
        label: apply,
      })),
    );
    expect(html).not.toContain(content.cohort.booking);
  });
});
