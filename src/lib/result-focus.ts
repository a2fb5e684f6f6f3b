/** Keyboard movement through the result list: the cards are found in the DOM, in rank order. */

const RESULT = '[data-testid="result"]';

/** Moves focus `step` cards from the card holding `from` (or to the first card when `from` is outside the list). */
export function focusResult(from: Element | null, step: 1 | -1): boolean {
  const cards = [...document.querySelectorAll<HTMLElement>(RESULT)];
  const current = from?.closest(RESULT);
  const index = current ? cards.indexOf(current as HTMLElement) + step : 0;
  const next = cards[index];
  if (!next) return false;
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
  return true;
}
