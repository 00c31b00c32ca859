import { hydrate } from '../../lib/hydrate';
import { TermsPage } from './terms-page';

hydrate(TermsPage);
