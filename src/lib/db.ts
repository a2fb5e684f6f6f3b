/** The main thread's connection to the library database. */
import { openReadableDb } from '../../common/db';

/** Reads only: the engine worker is the one writer (workers/engine.worker.ts). */
export const db = openReadableDb();
