/** Layout checks shared by the narrow-screen specs. */
import type { Page } from '@playwright/test';

/** Every drawn element whose box reaches past the window's sides, named so a failure says which. */
export function elementsPastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('.visually-hidden, .skip-link')) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        past.push(`${name} (${Math.round(box.left)}–${Math.round(box.right)}): ${element.textContent?.slice(0, 40)}`);
      }
    }
    return past;
  });
}
