import { startPage } from '../start-page';

startPage();
