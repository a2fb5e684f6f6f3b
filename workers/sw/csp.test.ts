import { describe, expect, it } from 'vitest';
import {
  connectSources,
  contentSecurityPolicy,
  htmlWithPolicy,
  policyWithSync,
  syncPolicyOrigin,
  withConnectOrigin,
} from './csp';

/** Whether the policy lets the page connect to the origin of `url` (exactly, not through a wildcard). */
function policyAllowsConnect(policy: string, url: string): boolean {
  const origin = syncPolicyOrigin(url);
  return origin !== null && connectSources(policy).includes(origin);
}

const HOSTS = ['https://huggingface.co', 'https://*.hf.co'];
const POLICY = contentSecurityPolicy(HOSTS);

describe('the Content-Security-Policy', () => {
  it('connects only to its own origin and the model hosts it is given', () => {
    expect(connectSources(POLICY)).toEqual(["'self'", ...HOSTS]);
    expect(POLICY).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(POLICY).not.toContain("'unsafe-eval'");
  });

  it('with sync set, adds exactly the sync origin to connect-src and changes nothing else', () => {
    const synced = policyWithSync(POLICY, 'https://me:secret@couch.example.org:6984/carrel?x=1');
    expect(connectSources(synced)).toEqual(["'self'", ...HOSTS, 'https://couch.example.org:6984']);
    // Every other directive stays as it was, in its place.
    const others = (policy: string) =>
      policy
        .split('; ')
        .filter((d) => !d.startsWith('connect-src'))
        .join('; ');
    expect(others(synced)).toBe(others(POLICY));
    expect(synced).not.toContain('secret');
    expect(synced).not.toContain('/carrel');
  });

  it('is unchanged without a sync URL, or with one that is not http(s)', () => {
    expect(policyWithSync(POLICY, null)).toBe(POLICY);
    expect(policyWithSync(POLICY, '')).toBe(POLICY);
    expect(policyWithSync(POLICY, 'javascript:alert(1)')).toBe(POLICY);
    expect(policyWithSync(POLICY, "https://x.org'; script-src *")).toBe(POLICY);
    // A URL parser keeps these in a host name; in a policy they would end the directive or widen it.
    expect(new URL('https://x.org;sandbox/').host).toBe('x.org;sandbox');
    expect(policyWithSync(POLICY, 'https://x.org;sandbox/db')).toBe(POLICY);
    expect(policyWithSync(POLICY, "https://x'y.org/db")).toBe(POLICY);
  });

  it('adds an origin once, however often it is applied', () => {
    const once = withConnectOrigin(POLICY, 'http://127.0.0.1:5984');
    expect(withConnectOrigin(once, 'http://127.0.0.1:5984')).toBe(once);
  });

  it('spells out connect-src from default-src when a policy has none', () => {
    expect(withConnectOrigin("default-src 'self'; img-src data:", 'https://a.org')).toBe(
      "default-src 'self'; img-src data:; connect-src 'self' https://a.org",
    );
  });

  it('tells whether the page may reach a sync URL', () => {
    const synced = withConnectOrigin(POLICY, 'http://127.0.0.1:5984');
    expect(policyAllowsConnect(synced, 'http://u:p@127.0.0.1:5984/library')).toBe(true);
    expect(policyAllowsConnect(POLICY, 'http://127.0.0.1:5984/library')).toBe(false);
    expect(policyAllowsConnect(synced, 'http://127.0.0.1:5985/library')).toBe(false);
    // A wildcard model host is not the sync origin's allowance.
    expect(policyAllowsConnect(POLICY, 'https://cdn.hf.co/library')).toBe(false);
  });

  it("rewrites the built page's meta policy, escaped as Vite writes it", () => {
    const escaped = POLICY.replace(/'/g, '&#39;');
    const html = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escaped}"><title>Carrel</title></head></html>`;
    const rewritten = htmlWithPolicy(html, (policy) => policyWithSync(policy, 'http://127.0.0.1:5984/db'));
    const content = /content="([^"]*)"/.exec(rewritten)![1]!.replace(/&#39;/g, "'");
    expect(connectSources(content)).toEqual(["'self'", ...HOSTS, 'http://127.0.0.1:5984']);
    expect(rewritten.replace(/content="[^"]*"/, '')).toBe(html.replace(/content="[^"]*"/, ''));
    expect(htmlWithPolicy('<p>no policy</p>', () => 'changed')).toBe('<p>no policy</p>');
  });
});
