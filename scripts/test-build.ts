/**
 * `npm test`'s one build: the site with the public settings the browser tests serve it with
 * (e2e/site-settings.ts). The unit tests read this build (they take its origins from
 * build-info.json), and the browser tests' `npm start` finds it fresh, so the suite builds the
 * site once.
 */
import { spawnSync } from 'node:child_process';
import { e2eSiteSettings } from '../e2e/site-settings';
import { buildPaths } from '../server/build-paths';

// `npm run build` itself, as the Dockerfile runs it (scripts/deploy-files.test.ts holds CI to it).
const build = spawnSync('npm', ['run', 'build'], {
  cwd: buildPaths.root,
  stdio: 'inherit',
  env: { ...process.env, ...e2eSiteSettings },
});
process.exit(build.status ?? 1);
