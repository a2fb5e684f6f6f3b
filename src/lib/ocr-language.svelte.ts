/**
 * Settings → OCR language: the language scanned pages are read in (kept in the settings table, so
 * a backup carries it, and read live into `current`, which the ingest queue reads synchronously),
 * where each language's model is, and downloading one through the engine's model runtime (resumable parts,
 * from the model host or the mirror set under Model).
 */
import { MODEL_CACHE } from '../../common/models';
import {
  BUILTIN_OCR_LANGUAGE,
  isLanguageData,
  OCR_LANGUAGE_REPO,
  ocrLanguageCacheKey,
  ocrLanguageFile,
  ocrLanguageName,
  ocrLanguageSitePath,
} from '../../common/ocr-languages';
import { OCR_LANGUAGE_KEY, ocrLanguageFrom } from '../../common/settings';
import { AppError } from '../../common/types';
import { isAbort } from './errors';
import type { DownloadProgress } from '../../workers/runtime/download';
import { DOWNLOAD_TIMEOUT_MS, models, PARTS_CACHE } from './models.svelte';
import { followSetting, olderCopy } from './chosen-settings';
import { engine } from './workers';

/** Where a language's model is: shipped, downloaded into this browser, served by this site, or nowhere yet. */
export type LanguageSource = 'builtin' | 'downloaded' | 'site' | 'missing';

class OcrLanguage {
  // A browser that kept its choice in localStorage uses it until the database has it.
  current = $state(olderCopy(OCR_LANGUAGE_KEY, ocrLanguageFrom) ?? BUILTIN_OCR_LANGUAGE);
  /** Sources found so far, by code (filled in as languages are looked at). */
  sources = $state.raw<Record<string, LanguageSource>>({ [BUILTIN_OCR_LANGUAGE]: 'builtin' });
  progress = $state.raw<DownloadProgress | null>(null);
  downloading = $state<string | null>(null);
  #download: AbortController | null = null;

  /** Resolves once the stored choice is in `current` (read before the first file of a start). */
  readonly loaded: Promise<void>;

  constructor() {
    this.loaded = followSetting(OCR_LANGUAGE_KEY, (value) => (this.current = ocrLanguageFrom(value)));
  }

  /** Looks up where `code`'s model is. */
  async locate(code: string): Promise<LanguageSource> {
    const source = await findSource(code);
    this.sources = { ...this.sources, [code]: source };
    return source;
  }

  /** Reads scanned pages in `code` from now on; downloads its model first when it is nowhere yet. */
  async choose(code: string): Promise<void> {
    if ((await this.locate(code)) === 'missing') await this.#fetch(code);
    this.current = code;
    await engine.api.saveSetting({ key: OCR_LANGUAGE_KEY, value: code });
  }

  cancel(): void {
    this.#download?.abort();
  }

  /** Deletes a downloaded model; reading falls back to English if it was the one in use. */
  async remove(code: string): Promise<void> {
    await (await caches.open(MODEL_CACHE)).delete(ocrLanguageCacheKey(code));
    if (this.current === code && (await this.locate(code)) === 'missing') await this.choose(BUILTIN_OCR_LANGUAGE);
    else await this.locate(code);
  }

  async #fetch(code: string): Promise<void> {
    this.cancel();
    const controller = new AbortController();
    this.#download = controller;
    this.downloading = code;
    this.progress = { done: 0, total: 0, secondsLeft: null };
    try {
      await engine.api.download(
        { modelId: OCR_LANGUAGE_REPO, fileNames: [ocrLanguageFile(code)], host: models.host, parts: PARTS_CACHE },
        {
          signal: controller.signal,
          timeoutMs: DOWNLOAD_TIMEOUT_MS,
          onProgress: (progress) => (this.progress = progress),
        },
      );
      if ((await this.locate(code)) !== 'downloaded') {
        await (await caches.open(MODEL_CACHE)).delete(ocrLanguageCacheKey(code));
        throw new AppError(
          'MODEL_DOWNLOAD',
          `What ${models.host} sent for ${ocrLanguageName(code)} is not an OCR language model.`,
        );
      }
    } catch (error) {
      if (isAbort(error))
        throw new AppError(
          'MODEL_DOWNLOAD',
          `The download of ${ocrLanguageName(code)} was stopped; what arrived is kept, and choosing it again resumes.`,
        );
      throw error;
    } finally {
      this.#download = null;
      this.downloading = null;
      this.progress = null;
    }
  }
}

async function findSource(code: string): Promise<LanguageSource> {
  if (code === BUILTIN_OCR_LANGUAGE) return 'builtin';
  const cached = await (await caches.open(MODEL_CACHE)).match(ocrLanguageCacheKey(code));
  if (cached && (await startsLikeModel(cached))) return 'downloaded';
  // A missing file may come back as the app's index.html (SPA fallback), which does not count.
  const served = await fetch(ocrLanguageSitePath(code)).catch(() => null);
  return served?.ok && (await startsLikeModel(served)) ? 'site' : 'missing';
}

/** Whether a response starts like a language model; reads its first chunk only. */
async function startsLikeModel(response: Response): Promise<boolean> {
  const reader = response.body?.getReader();
  const first = await reader?.read().catch(() => null);
  await reader?.cancel().catch(() => undefined);
  return !!first?.value && first.value.length >= 4 && isLanguageData(first.value);
}

export const ocrLanguage = new OcrLanguage();
