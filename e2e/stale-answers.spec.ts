/**
 * Search as you type drops stale answers (STYLE 10): an answer to an earlier question that arrives
 * after a newer one was asked is never shown. The engine answers in a few milliseconds, faster than
 * anyone types, so the test holds one answer back at the worker boundary (the page's `Worker`,
 * wrapped before the app loads) and delivers it late. The app and its engine run unchanged.
 */
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, test } from './support';

interface Holding {
  /** Search answers to this question are held back instead of delivered. */
  holdQuery: string | null;
  /** Deliveries of the held answers, in order. */
  held: (() => void)[];
}

/** Runs in the page before the app: wraps `Worker` so answers to `holdQuery` wait in `held`. */
function holdSearchAnswers() {
  const holding: Holding = { holdQuery: null, held: [] };
  (window as unknown as { holding: Holding }).holding = holding;
  const Native = window.Worker;
  window.Worker = class extends Native {
    #searches = new Map<number, string>();

    override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]) {
      const call = message as { type?: string; id: number; method?: string; arg?: { query?: string } };
      if (call?.type === 'call' && call.method === 'search') this.#searches.set(call.id, call.arg?.query ?? '');
      super.postMessage(message, options as StructuredSerializeOptions);
    }

    override addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (type !== 'message' || typeof listener !== 'function') return super.addEventListener(type, listener, options);
      super.addEventListener(
        type,
        (event) => {
          const answer = (event as MessageEvent).data as { type?: string; id?: number };
          const query = answer?.type === 'result' ? this.#searches.get(answer.id!) : undefined;
          if (query !== undefined && query === holding.holdQuery) holding.held.push(() => listener.call(this, event));
          else listener.call(this, event);
        },
        options,
      );
    }
  };
}

const holdAnswersTo = (page: Page, query: string) =>
  page.evaluate((q) => void ((window as unknown as { holding: Holding }).holding.holdQuery = q), query);
const heldCount = (page: Page) => page.evaluate(() => (window as unknown as { holding: Holding }).holding.held.length);

/** Delivers the held answers, then waits two frames so anything they changed has been drawn. */
async function deliverHeld(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { holding } = window as unknown as { holding: Holding };
    holding.holdQuery = null;
    holding.held.splice(0).forEach((deliver) => deliver());
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

const CLINIC = 'doctor gave medicine for the sickness';
const TRAVEL = 'train tickets checked by inspectors on board';

test('an answer that arrives after a newer question was typed is dropped; the results stay the newest question’s', async ({
  page,
}) => {
  await page.addInitScript(holdSearchAnswers);
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  const input = page.getByTestId('search-input');
  const topDoc = page.getByTestId('result').first().getByTestId('result-doc');

  // The hold itself works: an answer held back shows once delivered, when it is still the newest.
  await holdAnswersTo(page, TRAVEL);
  await input.fill(TRAVEL);
  await expect.poll(() => heldCount(page)).toBe(1);
  await expect(page.getByTestId('result')).toHaveCount(0);
  await deliverHeld(page);
  await expect(topDoc).toHaveAttribute('data-name', 'travel-guide.html');

  // The clinic question is answered but its answer is late; meanwhile the travel question is asked again.
  await holdAnswersTo(page, CLINIC);
  await input.fill(CLINIC);
  await expect.poll(() => heldCount(page)).toBe(1);
  await input.fill(`${TRAVEL}?`);
  await expect(page.locator('section.results')).toHaveAttribute('aria-busy', 'false');
  await expect(topDoc).toHaveAttribute('data-name', 'travel-guide.html');

  // Every top document drawn from now on is recorded: the late clinic answer must never show, even briefly.
  await page.evaluate(() => {
    const drawn: string[] = [];
    (window as unknown as { drawn: string[] }).drawn = drawn;
    const record = () =>
      drawn.push(document.querySelector('[data-testid="result-doc"]')?.getAttribute('data-name') ?? '');
    new MutationObserver(record).observe(document.querySelector('section.results')!, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
  await deliverHeld(page);
  expect(await heldCount(page)).toBe(0);
  await expect(topDoc).toHaveAttribute('data-name', 'travel-guide.html');
  await expect(input).toHaveValue(`${TRAVEL}?`);
  expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).not.toContain('clinic-notes.md');
});
