import { cookies } from '../../content/legal';
import { LegalPage } from '../../sections/legal-document';

export function CookiesPage() {
  return <LegalPage document={cookies} />;
}
