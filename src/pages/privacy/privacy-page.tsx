import { privacy } from '../../content/legal';
import { legalPage } from '../../sections/legal-document';

export const PrivacyPage = legalPage(privacy);
