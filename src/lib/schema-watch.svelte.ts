/**
 * Schema upgrades across tabs. When another tab opens a newer Carrel, this tab's database
 * connections close (see `openDb`) so that tab's upgrade is not blocked, and this tab asks to be
 * reloaded. When this tab's own upgrade waits for an older tab that keeps the library open, it says
 * so until the other tab lets go.
 */
import { db } from './db';

class SchemaWatch {
  /** Another tab upgraded (or deleted) the library; this tab can no longer read it until reloaded. */
  reloadNeeded = $state(false);
  /** This tab's upgrade waits for another tab to close the library. */
  waitingForOtherTabs = $state(false);

  start(): void {
    db.on('versionchange', () => {
      this.reloadNeeded = true;
    });
    db.on('blocked', () => {
      this.waitingForOtherTabs = true;
      void db.open().then(
        () => (this.waitingForOtherTabs = false),
        (error) => console.error('the library did not open after waiting for another tab', error),
      );
    });
  }
}

export const schemaWatch = new SchemaWatch();
