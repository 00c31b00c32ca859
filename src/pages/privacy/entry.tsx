import { hydrate } from '../../lib/hydrate';
import { PrivacyPage } from './privacy-page';

hydrate(PrivacyPage);
