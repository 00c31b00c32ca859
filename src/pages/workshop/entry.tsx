import { hydrate } from '../../lib/hydrate';
import { WorkshopPage } from './workshop-page';

hydrate(WorkshopPage);
