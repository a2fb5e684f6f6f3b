/**
 * What a person chooses in the page, written by the engine: settings, the model to switch to, the
 * models downloaded and their removal. The page asks; only the engine writes these tables.
 */
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, type CarrelDb, type ModelRecord } from '../../common/db';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import { CHOSEN_SETTING_KEYS, type ChosenSetting } from '../../common/settings';
import { AppError } from '../../common/types';

function checkKey(key: string): void {
  // The engine's own settings (the active model, vector recipes) are never the page's to write.
  if (!(CHOSEN_SETTING_KEYS as readonly string[]).includes(key))
    throw new AppError('UNKNOWN', `“${key}” is not a setting the page chooses.`);
}

/** Stores one chosen setting. */
export async function saveSetting(db: CarrelDb, setting: ChosenSetting): Promise<void> {
  checkKey(setting.key);
  await db.settings.put({ ...setting, chosenAt: Date.now() });
}

/**
 * Stores the settings that are not set yet, leaving set ones alone (values a browser kept before
 * they moved into the database). Returns the keys it stored.
 */
export async function adoptSettings(db: CarrelDb, settings: ChosenSetting[]): Promise<string[]> {
  settings.forEach((setting) => checkKey(setting.key));
  return db.transaction('rw', db.settings, async () => {
    const adopted: string[] = [];
    for (const setting of settings) {
      if (await db.settings.get(setting.key)) continue;
      await db.settings.add({ ...setting, chosenAt: Date.now() });
      adopted.push(setting.key);
    }
    return adopted;
  });
}

/** Makes `info` the model to switch to; the active model itself ends any switch under way. */
export async function chooseModel(db: CarrelDb, info: ModelInfo): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    const active = ((await db.settings.get(ACTIVE_MODEL_KEY))?.value as ModelInfo | undefined) ?? BUILTIN_MODEL;
    if (info.id === active.id) await db.settings.delete(TARGET_MODEL_KEY);
    else await db.settings.put({ key: TARGET_MODEL_KEY, value: info });
  });
}

/** Records a model's download (under way or done) or its self-hosted files. */
export async function putModel(db: CarrelDb, record: ModelRecord): Promise<void> {
  await db.models.put(record);
}

/**
 * Deletes a model's record and its vectors, unless search uses it or a switch is going to it.
 * True when it was removed.
 */
export async function removeModel(db: CarrelDb, id: string): Promise<boolean> {
  return db.transaction('rw', [db.models, db.vectors, db.settings], async () => {
    const [active, target] = await db.settings.bulkGet([ACTIVE_MODEL_KEY, TARGET_MODEL_KEY]);
    const inUse = [
      ((active?.value as ModelInfo | undefined) ?? BUILTIN_MODEL).id,
      (target?.value as ModelInfo | undefined)?.id,
    ];
    if (inUse.includes(id)) return false;
    await db.vectors.where('modelId').equals(id).delete();
    await db.models.delete(id);
    return true;
  });
}
