import { hydrate } from '../../lib/hydrate';
import { CohortPage } from './cohort-page';

hydrate(CohortPage);
