/**
 * The Content-Security-Policy, in one place for the build (vite.config.ts: the page's meta tag and
 * the preview server's header) and the service worker, which adds the configured sync origin to
 * the policy of the page and the workers it serves (docs/sync.md). Plain strings in, plain strings
 * out: no DOM, no worker globals.
 */
import { syncOrigin } from '../../common/sync';

/**
 * No request leaves the origin unasked: scripts, workers, wasm and data all come from 'self'; only
 * a model download the user starts reaches a model host, and only sync reaches the sync origin.
 * 'wasm-unsafe-eval' lets ONNX Runtime and voy compile WebAssembly; no JS eval is allowed.
 * Inline styles stay allowed for Svelte's style: directives (progress bars); no inline script is.
 */
export function contentSecurityPolicy(modelHosts: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...modelHosts].join(' '),
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

type Directives = [name: string, sources: string[]][];

function parse(policy: string): Directives {
  return policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...sources]) => [name!.toLowerCase(), sources]);
}

const serialize = (directives: Directives) =>
  directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/** The sources connect-src allows (default-src's when the policy has no connect-src). */
export function connectSources(policy: string): string[] {
  const directives = parse(policy);
  const find = (name: string) => directives.find(([n]) => n === name)?.[1];
  return find('connect-src') ?? find('default-src') ?? [];
}

/** The policy with `origin` added to connect-src, and nothing else changed. */
export function withConnectOrigin(policy: string, origin: string): string {
  const directives = parse(policy);
  const connect = directives.find(([name]) => name === 'connect-src');
  if (connect) {
    if (!connect[1].includes(origin)) connect[1].push(origin);
  } else {
    // Without connect-src, default-src governs connections: spell it out with the origin added.
    directives.push(['connect-src', [...connectSources(policy), origin]]);
  }
  return serialize(directives);
}

/**
 * CSP's host-source grammar: a URL parser lets `;`, `'` or `*` into a host name, and any of them
 * would change the policy's meaning, so such an origin is never added.
 */
const HOST_SOURCE = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/** The origin the policy may add for a sync URL, or null when there is none it can safely name. */
export function syncPolicyOrigin(syncUrl: string | null | undefined): string | null {
  const origin = syncUrl ? syncOrigin(syncUrl) : null;
  return origin && HOST_SOURCE.test(origin) ? origin : null;
}

/** The policy the app runs under with sync configured at `syncUrl`; unchanged when there is none. */
export function policyWithSync(policy: string, syncUrl: string | null | undefined): string {
  const origin = syncPolicyOrigin(syncUrl);
  return origin ? withConnectOrigin(policy, origin) : policy;
}

const META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;
const decode = (text: string) =>
  text
    .replace(/&#39;|&#x27;|&apos;/gi, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encode = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The page's HTML with its meta policy passed through `change`; HTML without one is returned as it is. */
export function htmlWithPolicy(html: string, change: (policy: string) => string): string {
  return html.replace(
    META,
    (_, start: string, content: string, end: string) => start + encode(change(decode(content))) + end,
  );
}
