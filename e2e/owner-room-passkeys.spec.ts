import { ownerPaths } from '../contracts/owner';
import { words } from '../src/owner/words';
import { siteOrigin } from './hosts';
import { addAuthenticator, deviceWith, enrol, openView, putAway } from './owner';
import { expect, test } from './test';

/**
 * The owner's passkeys in the room (decision 023): a second device added, the first removed
 * with Remove, and from then on only the second opens the room. Each device is a virtual
 * authenticator of its own; a passkey is carried from one to another as a person's password
 * manager would, to show that the removed one is refused.
 */

test('the owner adds a passkey, removes the first, and only the one kept opens the room', async ({
  page,
}) => {
  const first = await enrol(page, `Keyholder ${Date.now()}`);
  await openView(page, 'passkeys');
  const passkeys = page.getByRole('region', { name: words.room.passkeys, exact: true });
  // One passkey: nothing to remove, and the room says why.
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('button', { name: words.room.removePasskey })).toHaveCount(0);
  await expect(passkeys.getByText(words.room.onlyPasskey)).toBeVisible();

  // The first device goes in a drawer; a phone makes the second passkey.
  const firstKeys = await putAway(first);
  const phone = await addAuthenticator(page);
  page.once('dialog', (dialog) => dialog.accept('Phone'));
  await passkeys.getByRole('button', { name: words.room.addPasskey }).click();
  await expect(page.getByText(words.room.passkeyAdded)).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(2);

  page.once('dialog', (dialog) => dialog.accept());
  await passkeys
    .getByRole('button', { name: words.room.removePasskeyLabel(words.welcome.defaultLabel) })
    .click();
  await expect(page.getByText(words.room.passkeyRemoved(words.welcome.defaultLabel))).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('Phone');
  await expect(passkeys.getByText(words.room.onlyPasskey)).toBeVisible();
  await openView(page, 'log');
  const log = page.getByRole('region', { name: words.room.audit, exact: true }).getByRole('table');
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: 'remove-passkey' })
      .filter({ hasText: words.welcome.defaultLabel }),
  ).toHaveCount(1);

  await page.getByRole('button', { name: words.room.signOut, exact: true }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.signIn}`);
  const phoneKeys = await putAway(phone);

  // The removed passkey, back out of the drawer, no longer opens the room…
  const drawer = await deviceWith(page, firstKeys);
  await page.getByRole('button', { name: words.signIn.button }).click();
  await expect(page.getByRole('alert')).toContainText('did not open the room');
  await putAway(drawer);

  // …and the phone's does.
  await deviceWith(page, phoneKeys);
  await page.getByRole('button', { name: words.signIn.button }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.room}`);
  await openView(page, 'passkeys');
  await expect(passkeys.getByRole('listitem')).toContainText(words.room.lastUsed);
});
