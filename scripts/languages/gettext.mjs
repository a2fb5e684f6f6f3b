/**
 * Translated interface strings as English ↔ language sentence pairs: the compiled gettext
 * catalogues (`usr/share/locale/<lang>/LC_MESSAGES/*.mo`) that Debian packages ship. Each entry of
 * a catalogue is an English string a program shows and its translation, written by that program's
 * translators: the words of software ("server", "sort", "request", "inherit") in their technical
 * sense, which general dictionaries give last or not at all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAGIC = 0x950412de;

/**
 * The entries of one .mo file, English first. The header (empty msgid) is left out; a plural
 * entry gives its singular forms; a context ("menu\u0004Open") is dropped.
 * @param {Uint8Array} bytes
 * @returns {{english: string, translated: string}[]}
 */
export function readMo(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let little;
  if (view.getUint32(0, true) === MAGIC) little = true;
  else if (view.getUint32(0, false) === MAGIC) little = false;
  else throw new Error('not a gettext .mo file (bad magic number)');
  const count = view.getUint32(8, little);
  const originals = view.getUint32(12, little);
  const translations = view.getUint32(16, little);
  const string = (table, i) => {
    const length = view.getUint32(table + 8 * i, little);
    const offset = view.getUint32(table + 8 * i + 4, little);
    return bytes.subarray(offset, offset + length);
  };
  // The header names the encoding; a catalogue that is not UTF-8 is read as Latin-1.
  let decoder = new TextDecoder('utf-8');
  const out = [];
  for (let i = 0; i < count; i++) {
    const english = decoder.decode(string(originals, i));
    const translated = decoder.decode(string(translations, i));
    if (english === '') {
      const charset = /charset=([\w-]+)/i.exec(translated)?.[1]?.toLowerCase();
      if (charset && charset !== 'utf-8' && charset !== 'utf8') decoder = new TextDecoder('latin1');
      continue;
    }
    const singular = (text) => text.split('\u0000')[0];
    const withoutContext = (text) => text.slice(text.indexOf('\u0004') + 1);
    out.push({ english: singular(withoutContext(english)), translated: singular(translated) });
  }
  return out;
}

/**
 * An interface string as plain words: accelerator marks (`_Open`, `&Open`), markup, placeholders
 * (`%s`, `%1$d`, `%(name)s`, `{count}`, `$VAR`), escapes and addresses taken out.
 * @param {string} text
 */
export function plainText(text) {
  return text
    .replace(/<[^>]{1,80}>/g, ' ')
    .replace(/https?:\/\/\S+|\S+@\S+\.\w+/g, ' ')
    .replace(
      /%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGcsSpn%]|%\(\w+\)[sd]|%\d+|\{\w*\}|\$\{?\w+\}?/g,
      ' ',
    )
    .replace(/\\[nrt]|[\n\r\t]/g, ' ')
    .replace(/(^|[\s(])[_&](?=\p{L})/gu, '$1')
    .replace(/(?<=\p{L})[_&](?=\p{L})/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every entry of every catalogue of `lang` under an unpacked package folder, as plain text.
 * Untranslated entries (the translation repeats the English) are left out.
 * @param {string} root the folder that holds the package's `usr/`
 * @param {string} lang a catalogue language folder: `fr`, `de`, `pt_BR`…
 */
export function catalogueEntries(root, lang) {
  const dir = join(root, 'usr/share/locale', lang, 'LC_MESSAGES');
  if (!existsSync(dir)) return [];
  const out = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.mo'))
    .sort()) {
    for (const { english, translated } of readMo(readFileSync(join(dir, file)))) {
      const [en, other] = [plainText(english), plainText(translated)];
      if (en && other && en !== other) out.push({ english: en, translated: other });
    }
  }
  return out;
}
