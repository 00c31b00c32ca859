import { terms } from '../../content/legal';
import { legalPage } from '../../sections/legal-document';

export const TermsPage = legalPage(terms);
