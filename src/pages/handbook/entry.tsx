import { hydrate } from '../../lib/hydrate';
import { HandbookPage } from './handbook-page';

hydrate(HandbookPage);
