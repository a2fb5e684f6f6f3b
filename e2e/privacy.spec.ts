/**
 * The privacy guards themselves (DESIGN §8): the served Content-Security-Policy is strict
 * and enforced, and the e2e no-egress fixture really catches a request that leaves the origin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './support';

/** A policy string as directive → sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

test('the served page has a strict CSP: no inline script, no eval, connections only to its own origin and model hosts', async ({
  page,
}) => {
  const response = await page.goto('/');
  const header = response!.headers()['content-security-policy'];
  expect(header).toBeTruthy();
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta, 'the built page carries the same policy for hosts that cannot set headers').toBe(header);

  const policy = parsePolicy(header!);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  const connect = policy.get('connect-src') ?? [];
  expect(connect[0]).toBe("'self'");
  // Beyond the origin, only where models download from when the user asks: the hub and its file
  // CDNs, and in this build the tests' stand-in hub on 127.0.0.1.
  for (const source of connect.slice(1))
    expect(source).toMatch(/^(https:\/\/(\*\.)?(huggingface\.co|hf\.co)|http:\/\/127\.0\.0\.1:\d+)$/);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(header).not.toContain("'unsafe-eval'");
  expect(header).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  // Enforced, not only declared: an injected inline script is refused and reported.
  const violation = await page.evaluate(
    () =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve({ directive: event.effectiveDirective, ran: 'inlineRan' in window }),
          { once: true },
        );
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.head.append(script);
      }),
  );
  expect(violation).toEqual({ directive: 'script-src-elem', ran: false });
  // DevTools' own evaluate may eval, but a string handed to the page's timers is checked at run time.
  const evalViolation = await page.evaluate(
    () =>
      new Promise<{ blocked: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve({ blocked: event.blockedURI, ran: 'evalRan' in window }),
          { once: true },
        );
        (setTimeout as (code: string) => number)('window.evalRan = true');
      }),
  );
  expect(evalViolation).toEqual({ blocked: 'eval', ran: false });
});

test('the no-egress fixture records a request to another host (this test then clears it)', async ({
  page,
  offOrigin,
}) => {
  // about:blank has no CSP, so the image request really goes out and the fixture must see it.
  await page.setContent('<img src="http://attacker.invalid/pixel.png" alt="">');
  await expect.poll(() => offOrigin).toContain('http://attacker.invalid/pixel.png');
  offOrigin.length = 0;
});

test('every browser test runs under the no-egress fixture', () => {
  const specs = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(5);
  for (const spec of specs) {
    const source = readFileSync(`${import.meta.dirname}/${spec}`, 'utf8');
    expect(source, `${spec} takes test from ./support`).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\/support'/);
    expect(source, `${spec} does not import test from Playwright directly`).not.toMatch(
      /import \{[^}]*\btest\b[^}]*\} from '@playwright\/test'/,
    );
  }
});
