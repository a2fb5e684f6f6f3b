/** The main thread's connection to the library database. */
import { openDb } from '../../common/db';

export const db = openDb();
