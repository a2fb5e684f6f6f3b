/**
 * Settings → Language: whether search keeps to the person's own language, the one the interface
 * is shown in. Kept in the settings table like the page's other choices (a backup and sync carry it).
 */
import { OWN_LANGUAGE_ONLY_KEY } from '../../common/settings';
import { followSetting } from './chosen-settings';
import { interfaceLanguage } from './i18n/i18n.svelte';
import { engine } from './workers';

class OwnLanguage {
  only = $state(false);

  constructor() {
    void followSetting(OWN_LANGUAGE_ONLY_KEY, (value) => (this.only = value === true));
  }

  /** Turns it on or off now and stores the choice. */
  async choose(only: boolean): Promise<void> {
    this.only = only;
    await engine.api.saveSetting({ key: OWN_LANGUAGE_ONLY_KEY, value: only });
  }

  /** The languages a search keeps to: every one (none named) unless the setting is on. */
  get languages(): string[] {
    return this.only ? [interfaceLanguage.current] : [];
  }
}

export const ownLanguage = new OwnLanguage();
