#!/usr/bin/env node
/**
 * Builds the harness if stale and serves it until killed (the corpus tests' Playwright webServer):
 *   node scripts/lib/serve-harness.mjs [--port 4177]
 */
import { parseArgs } from 'node:util';
import { buildHarness, HARNESS_DIR } from './harness-build.mjs';
import { serveStatic } from './static-server.mjs';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4177' } } });
buildHarness();
const { url } = await serveStatic(HARNESS_DIR, { port: Number(values.port) });
console.error(`harness at ${url}`);
