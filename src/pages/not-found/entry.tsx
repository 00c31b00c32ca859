import { hydrate } from '../../lib/hydrate';
import { NotFoundPage } from './not-found-page';

hydrate(NotFoundPage);
