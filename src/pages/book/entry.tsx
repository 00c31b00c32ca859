import { hydrate } from '../../lib/hydrate';
import { BookPage } from './book-page';

hydrate(BookPage);
