import { hydrate } from '../../lib/hydrate';
import { CookiesPage } from './cookies-page';

hydrate(CookiesPage);
