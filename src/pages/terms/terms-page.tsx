import { terms } from '../../content/legal';
import { LegalPage } from '../../sections/legal-document';

export function TermsPage() {
  return <LegalPage document={terms} />;
}
