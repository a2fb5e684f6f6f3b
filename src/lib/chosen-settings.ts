/**
 * Settings the page chooses, as the page follows them: live from the settings table (the engine
 * writes it), and, once, the copies a browser kept in localStorage before they moved into the table
 * (where a backup carries them). An older copy is handed to the engine, which stores it only where
 * the table has none yet, and then removed from localStorage.
 */
import { liveQuery } from 'dexie';
import { CHUNKING_KEY, OCR_LANGUAGE_KEY, type ChosenSetting, type ChosenSettings } from '../../common/settings';
import { db } from './db';
import { engine } from './workers';

/**
 * Calls `apply` with a setting's stored value now and whenever it changes (in any tab, or by a
 * backup). Resolves once the stored value has been read (and applied, when there is one).
 */
export function followSetting(key: keyof ChosenSettings, apply: (value: unknown) => void): Promise<void> {
  return new Promise((read) => {
    liveQuery(() => db.settings.get(key)).subscribe({
      next: (record) => {
        if (record) apply(record.value);
        read();
      },
      error: (error: unknown) => {
        console.error(`could not read the ${key} setting`, error);
        read();
      },
    });
  });
}

const OLDER_KEYS = { [CHUNKING_KEY]: 'carrel-chunking', [OCR_LANGUAGE_KEY]: 'carrel-ocr-language' } as const;

type MovedKey = keyof typeof OLDER_KEYS;

/** This browser's older copy of a setting, parsed by `parse`; undefined when there is none. */
export function olderCopy<K extends MovedKey>(
  key: K,
  parse: (saved: string) => ChosenSettings[K],
): ChosenSettings[K] | undefined {
  const storageKey = OLDER_KEYS[key];
  const saved = localStorage.getItem(storageKey);
  if (saved === null) return undefined;
  let value: ChosenSettings[K];
  try {
    value = parse(saved);
  } catch {
    // Unreadable (edited by hand): nothing worth keeping.
    localStorage.removeItem(storageKey);
    return undefined;
  }
  engine.api.adoptSettings({ settings: [{ key, value } as ChosenSetting] }).then(
    () => localStorage.removeItem(storageKey),
    // Kept in localStorage, so the next start tries again.
    (error: unknown) => console.error(`could not move the ${key} setting into the library`, error),
  );
  return value;
}
