import { startPage } from '../start-page';

startPage();
// The product brief §2.9: the attempted path goes to the console (the server has already
// answered 404, product decision D6). A message for developers, not the visitor: not content.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
