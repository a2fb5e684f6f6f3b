#!/usr/bin/env node
/**
 * Accuracy of candidate language identifiers on our own short questions and passages
 * (scripts/data/detect-dev.json), all languages allowed and then only the seven we analyse.
 *
 *   node scripts/measure-detect.mjs [--from DIR]
 *
 * DIR is a folder whose node_modules holds candidates that are not Carrel's dependencies
 * (franc-min, eld); a candidate that cannot be imported is skipped.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const fromAt = process.argv.indexOf('--from');
const from = fromAt > 0 ? resolve(process.argv[fromAt + 1]) : process.cwd();
const { cases } = JSON.parse(readFileSync(new URL('./data/detect-dev.json', import.meta.url), 'utf8'));
const OURS = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'];
const ISO3 = { eng: 'en', deu: 'de', fra: 'fr', spa: 'es', ita: 'it', por: 'pt', nld: 'nl' };

async function load(name) {
  for (const base of [process.cwd(), from]) {
    try {
      const path = createRequire(join(base, 'package.json')).resolve(name);
      return await import(pathToFileURL(path).href);
    } catch {
      /* try the next folder */
    }
  }
  try {
    return await import(
      pathToFileURL(join(from, 'node_modules', name.split('/')[0], 'src/entries/static.extrasmall.js')).href
    );
  } catch {
    return null;
  }
}

/** @type {[string, (module: any, text: string, only: boolean) => string][]} */
const candidates = [
  ['tinyld/light', (m, text, only) => m.detect(text, only ? { only: OURS } : {})],
  [
    'franc-min',
    (m, text, only) => ISO3[m.franc(text, only ? { only: Object.keys(ISO3), minLength: 1 } : { minLength: 1 })] ?? '?',
  ],
  [
    'eld/extrasmall',
    (m, text, only) => {
      if (only) m.eld.dynamicLangSubset(OURS);
      else m.eld.dynamicLangSubset(false);
      return m.eld.detect(text).language;
    },
  ],
];

for (const [name, detect] of candidates) {
  const module = await load(name);
  if (!module) {
    console.log(`${name}: not installed`);
    continue;
  }
  for (const only of [false, true]) {
    let right = 0;
    let shortRight = 0;
    let short = 0;
    const wrong = [];
    for (const [lang, text] of cases) {
      const isShort = text.split(/\s+/).length <= 8;
      const got = detect(module, text, only);
      if (isShort) short++;
      if (got === lang) {
        right++;
        if (isShort) shortRight++;
      } else wrong.push(`${lang}→${got || '∅'} "${text.slice(0, 40)}"`);
    }
    console.log(
      `${name} ${only ? '(only our 7)' : '(all languages)'}: ${right}/${cases.length} right; questions (≤ 8 words) ${shortRight}/${short}`,
    );
    for (const line of wrong) console.log(`   ${line}`);
  }
}
