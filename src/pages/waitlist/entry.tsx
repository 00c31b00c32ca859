import { hydrate } from '../../lib/hydrate';
import { WaitlistPage } from './waitlist-page';

hydrate(WaitlistPage);
