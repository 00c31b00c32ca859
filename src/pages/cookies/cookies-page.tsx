import { cookies } from '../../content/legal';
import { legalPage } from '../../sections/legal-document';

export const CookiesPage = legalPage(cookies);
