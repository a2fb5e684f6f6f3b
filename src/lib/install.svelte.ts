/**
 * The install button: shown only when the browser offers to install Carrel (`beforeinstallprompt`,
 * Chromium), hidden again once it is installed or the offer is used.
 */

/** Chromium's install offer; not in the DOM typings. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

class Install {
  #offer = $state.raw<InstallPromptEvent | null>(null);
  installed = $state(false);

  constructor() {
    addEventListener('beforeinstallprompt', (event) => {
      // Keep the browser's own mini-infobar away; the header button asks instead.
      event.preventDefault();
      this.#offer = event as InstallPromptEvent;
    });
    addEventListener('appinstalled', () => {
      this.#offer = null;
      this.installed = true;
    });
  }

  get available(): boolean {
    return this.#offer !== null;
  }

  /** Shows the browser's install dialog; an offer can be used only once. */
  async prompt(): Promise<void> {
    const offer = this.#offer;
    if (!offer) return;
    this.#offer = null;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'accepted') this.installed = true;
  }
}

export const install = new Install();
