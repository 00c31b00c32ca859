import { privacy } from '../../content/legal';
import { LegalPage } from '../../sections/legal-document';

export function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
