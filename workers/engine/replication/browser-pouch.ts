/**
 * PouchDB with its IndexedDB and HTTP adapters, for the engine worker. Imported statically: a
 * dynamic import's chunk takes its CommonJS helpers from the worker's entry module, and importing
 * the entry from inside the worker never settled (the first sync hung before its first request).
 */
import PouchDB from 'pouchdb-browser';
import type { PouchConstructor } from './pouch';

export const browserPouch = (): Promise<PouchConstructor> => Promise.resolve(PouchDB as unknown as PouchConstructor);
