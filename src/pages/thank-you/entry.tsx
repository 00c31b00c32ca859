import { hydrate } from '../../lib/hydrate';
import { ThankYouPage } from './thank-you-page';

hydrate(ThankYouPage);
