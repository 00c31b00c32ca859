import { privacy } from '../../content/legal';
import { LegalPage } from '../../sections/legal-document';
import type { PageProps } from '../../content/page-props';

export function PrivacyPage({ content }: PageProps) {
  return <LegalPage site={content.site} document={privacy} />;
}
