import { expect, it } from 'vitest';
import { pageProps, renderPage } from '../../entry-server';
import { testContent } from '../../testing/content';

/**
 * The privacy notice states how long a cohort application is kept, as the content says it
 * (`application.retentionMonths`, docs/decisions/033-cohort-applications.md): the prune removes
 * applications by the same months, so the promise and the practice cannot drift apart.
 */
it('says the content’s months for keeping an application, after its decision or its last change', async () => {
  const content = await testContent();
  const application = content.cohort.application;
  if (!application) throw new Error('content/cohort.yaml has no application');
  const kept = {
    ...content,
    cohort: { ...content.cohort, application: { ...application, retentionMonths: 18 } },
  };
  const html = await renderPage('privacy', pageProps(kept, Date.now()));
  expect(html).toContain('We keep a cohort application for 18 months after we decide on it');
  expect(html).toContain('for 18 months after it last changed');
  expect(html).not.toContain('{applicationRetention}');
  expect(html).toContain('Cohort application (application page)');
});
