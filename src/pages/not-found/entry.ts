import { copy } from '../../content/not-found';
import { startPage } from '../start-page';

startPage();
// Spec §2.9: the attempted path goes to the console (the server already answered 404, D6).
console.error(copy.consoleMessage, window.location.pathname);
