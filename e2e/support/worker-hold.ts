/**
 * Stopping one of the app's workers at an exact point of its work, so a crash test can crash it
 * there whatever the machine's speed, with files of a few lines. Right after the worker posts the
 * chosen progress event of the chosen call, it waits in a synchronous request to a path that only
 * the test answers (its own origin, so the privacy check and the page's policy let it through).
 * The test then sees the state it wants on the page, and lets the worker go on or crash there: an
 * uncaught error in the worker's own thread, as a fatal bug would be, after which the worker does
 * nothing more until the page ends it.
 */
import type { Page, Worker as AppWorker } from '@playwright/test';

const HOLD_PATH = '/__e2e-hold/';

export interface WorkerHold {
  /** Resolves once the worker has posted the event and waits. */
  reached: Promise<void>;
  /** An uncaught error in the held worker's thread. */
  crash(): Promise<void>;
  /** The held worker carries on as if nothing happened. */
  resume(): Promise<void>;
}

export interface HoldPoint {
  /** The worker method whose call is held (`read`, `storeHandedOver`). */
  method: string;
  /** The progress stage after whose first event the worker waits. */
  stage: string;
  /** Only the call for this file (a `read` call's `file`); without it, the first call of `method`. */
  file?: string;
}

/**
 * Holds the page's `read` calls to the file reader until the returned function is called, so a
 * hold can be put into a reader the page has just started before it reads anything.
 */
export async function holdReads(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const held: Array<() => void> = [];
    const post = Worker.prototype.postMessage as (this: Worker, message: unknown, transfer: unknown) => void;
    let holding = true;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: unknown) {
      const send = () => post.call(this, message, transfer ?? []);
      const call = message as { type?: string; method?: string } | null;
      if (holding && call?.type === 'call' && call.method === 'read') held.push(send);
      else send();
    } as Worker['postMessage'];
    (window as { releaseReads?: () => void }).releaseReads = () => {
      holding = false;
      for (const send of held.splice(0)) send();
    };
  });
  return () => page.evaluate(() => (window as { releaseReads?: () => void }).releaseReads?.());
}

/** Makes `worker` wait at `point`; `name` tells this hold's path from another's in the same test. */
export async function holdWorker(page: Page, worker: AppWorker, name: string, point: HoldPoint): Promise<WorkerHold> {
  const path = `${HOLD_PATH}${name}`;
  let answer: (body: 'go' | 'crash') => Promise<void> = () => Promise.reject(new Error(`${name}: not held yet`));
  const reached = new Promise<void>((resolve) => {
    void page.context().route(`**${path}`, (route) => {
      answer = (body) => route.fulfill({ status: 200, contentType: 'text/plain', body });
      resolve();
    });
  });
  // Answered never: where a crashed worker waits for the page to end it.
  await page.context().route(`**${path}-ended`, () => {});
  await worker.evaluate(
    ({ path, point }) => {
      const scope = self as unknown as DedicatedWorkerGlobalScope;
      const calls = new Set<number>();
      let armed = true;
      // Capturing: at the target it runs before the worker's own listener, which may post progress at once.
      scope.addEventListener(
        'message',
        (event: MessageEvent) => {
          const message = event.data as { type?: string; id?: number; method?: string; arg?: { file?: File } };
          if (message?.type !== 'call' || message.method !== point.method || calls.size > 0) return;
          if (point.file === undefined || message.arg?.file?.name === point.file) calls.add(message.id!);
        },
        { capture: true },
      );
      const wait = (url: string) => {
        const request = new XMLHttpRequest();
        request.open('GET', url, false);
        request.send();
        return request.responseText;
      };
      const post = scope.postMessage.bind(scope);
      scope.postMessage = ((
        message: { type?: string; id?: number; event?: { stage?: string } },
        transfer?: Transferable[],
      ) => {
        post(message, transfer ?? []);
        if (!armed || message?.type !== 'progress' || !calls.has(message.id!) || message.event?.stage !== point.stage)
          return;
        armed = false;
        const answer = wait(path);
        if (answer === 'go') return;
        if (answer !== 'crash') throw new Error(`${path} answered ${answer.slice(0, 40)}: is its route gone?`);
        scope.reportError(new Error(`simulated crash at ${point.method} ${point.stage}`));
        wait(`${path}-ended`);
      }) as typeof scope.postMessage;
    },
    { path, point },
  );
  return { reached, crash: () => answer('crash'), resume: () => answer('go') };
}
