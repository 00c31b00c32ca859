import { hydrate } from '../../lib/hydrate';
import { HomePage } from './home-page';

hydrate(HomePage);
