/** Pages named in the language shown: "p. 3" in English, "S. 3" in German (common/page-reference.ts). */
import { pageReference, viewerPageReference, type Paged, type PageWords } from '../../common/page-reference';
import { t } from './i18n/i18n.svelte';

function pageWords(): PageWords {
  return { page: t('page.one'), range: t('page.range'), inFile: t('page.inFile'), inFileOf: t('page.inFileOf') };
}

/** A passage's pages as the document prints them, in the language shown; redrawn when it changes. */
export const pageRef = (paged: Paged): string => pageReference(paged, pageWords());

/** The viewer's page, in the language shown. */
export const viewerPageRef = (page: number, label: string | undefined, pageCount?: number): string =>
  viewerPageReference(page, label, pageCount, pageWords());
