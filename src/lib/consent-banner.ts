import {
  type ConsentCategory,
  type ConsentChoice,
  consentCategories,
  consentDecided,
  readConsent,
  saveConsent,
} from './consent';

/**
 * The browser half of the consent banner (components/consent-banner.tsx holds its markup). No
 * React: the banner must work on every page, including those with no island, and must not
 * wait for React to load. Shown until the visitor chooses; any element with
 * `data-consent-open` (the footer's "Cookie settings", the cookie notice's button, a video box
 * waiting for consent, naming its category) opens it again with the settings expanded.
 */
export function startConsentBanner(): void {
  const banner = document.getElementById('consent-banner');
  const form = banner?.querySelector<HTMLFormElement>('form[data-consent-form]');
  const settings = banner?.querySelector<HTMLFieldSetElement>('#consent-categories');
  const toggle = banner?.querySelector<HTMLButtonElement>('[data-consent-settings]');
  if (!banner || !form || !settings || !toggle) return;
  const status = document.querySelector<HTMLElement>('[data-consent-status]');
  const box = (category: ConsentCategory) =>
    form.querySelector<HTMLInputElement>(`input[name="${category}"]`);
  /** The control that opened the banner: focus goes back to it once the visitor has chosen. */
  let opener: HTMLElement | null = null;

  const expand = (open: boolean) => {
    settings.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };

  const show = (focusOn: ConsentCategory | null) => {
    const choice = readConsent();
    for (const category of consentCategories) {
      const input = box(category);
      if (input) input.checked = choice[category];
    }
    banner.hidden = false;
    if (focusOn) {
      expand(true);
      box(focusOn)?.focus();
    }
  };

  const close = () => {
    banner.hidden = true;
    expand(false);
    if (opener?.isConnected) opener.focus();
    opener = null;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const action = event.submitter instanceof HTMLButtonElement ? event.submitter.value : 'save';
    const choice = Object.fromEntries(
      consentCategories.map((category) => [
        category,
        action === 'accept' || (action === 'save' && box(category)?.checked === true),
      ]),
    ) as ConsentChoice;
    saveConsent(choice);
    // The sentence comes with the prerendered markup, so this script carries no copy.
    if (status) status.textContent = status.dataset.consentStatus ?? '';
    close();
  });

  toggle.addEventListener('click', () => {
    const open = settings.hidden !== false;
    expand(open);
    if (open) box(consentCategories[0])?.focus();
  });

  // Reopened from a control, Escape leaves the choice as it was. On the first visit it does
  // nothing: the banner stays until the visitor chooses.
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && opener) close();
  });

  document.addEventListener('click', (event) => {
    const control =
      event.target instanceof Element ? event.target.closest('[data-consent-open]') : null;
    if (!(control instanceof HTMLElement)) return;
    event.preventDefault();
    opener = control;
    const named = control.dataset.consentOpen as ConsentCategory;
    show(consentCategories.includes(named) ? named : consentCategories[0]);
  });

  // The controls that reopen the banner do nothing without this script, so they start hidden.
  for (const control of document.querySelectorAll<HTMLElement>('[data-consent-open][hidden]')) {
    control.hidden = false;
  }

  if (!consentDecided()) show(null);
}
