import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type CDPSession, expect, type Page } from '@playwright/test';
import { ownerPaths } from '../contracts/owner';
import { type RoomViewId, viewPath } from '../src/owner/room-views';
import { words } from '../src/owner/words';
import { e2eDataDir, siteOrigin } from './hosts';

/**
 * The owner's way into the room in the browser tests (docs/decisions/018-owner-sign-in.md):
 * the invite printed by the owner's tool, and Chromium's virtual authenticator standing in for a
 * phone or laptop.
 */

const run = promisify(execFile);

/**
 * `npm run leads -- owner invite --name NAME` against the e2e server's database (or another
 * server's, as scripts/room-screens.ts runs one): its link.
 */
export async function invite(
  name: string,
  { dataDir = e2eDataDir, siteUrl = siteOrigin.main } = {},
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/leads.ts', 'owner', 'invite', '--name', name],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SITE_URL: siteUrl,
      },
    },
  );
  const link = /https?:\/\/\S+\/owner\/welcome#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no invite link in: ${stdout}`);
  return link;
}

/** A platform authenticator that says yes at once, as a phone would after the owner's face. */
export async function addAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A new owner, enrolled through an invite on a new authenticator, signed in and in the room. */
export async function enrol(page: Page, name: string) {
  const link = await invite(name);
  const authenticator = await addAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: words.welcome.button }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.room}`);
  return authenticator;
}

/** Moves to a view of the room through its side list, as the owner does on a wide screen. */
export async function openView(page: Page, view: RoomViewId) {
  await page
    .getByRole('navigation', { name: words.nav.label })
    .getByRole('link', { name: words.views[view], exact: true })
    .click();
  await expect(page).toHaveURL(`${siteOrigin.main}${viewPath(view)}`);
}

type Device = Awaited<ReturnType<typeof addAuthenticator>>;

/** A device put in a drawer: its authenticator gone, its passkeys kept to bring back later. */
export async function putAway({ cdp, authenticatorId }: Device) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  return credentials;
}

/** A device that holds these passkeys (as a password manager carries them to a new one). */
export async function deviceWith(page: Page, passkeys: Awaited<ReturnType<typeof putAway>>) {
  const device = await addAuthenticator(page);
  for (const credential of passkeys) {
    await device.cdp.send('WebAuthn.addCredential', {
      authenticatorId: device.authenticatorId,
      credential,
    });
  }
  return device;
}
