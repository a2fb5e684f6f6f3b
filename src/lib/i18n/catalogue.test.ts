import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en, type Catalogue } from './en';
import { fr } from './fr';
import { browserLanguage, formatMessage, placeholders } from './translate';

const TRANSLATIONS: Record<string, Catalogue> = { de, fr };

describe.each(Object.entries(TRANSLATIONS))('the %s catalogue', (_name, catalogue) => {
  it('has every English key and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every placeholder of each English message, and adds none', () => {
    const differing = Object.entries(en)
      .filter(
        ([key, message]) => placeholders(message).join() !== placeholders(catalogue[key as keyof Catalogue]).join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('has plural forms where English has them, each with the fallback form', () => {
    const missing = Object.entries(en)
      .filter(([key, message]) => {
        const translated = catalogue[key as keyof Catalogue];
        return typeof message !== 'string' && (typeof translated === 'string' || !translated.other);
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('translates: no message longer than a few words is left in English', () => {
    const untranslated = Object.entries(en)
      .filter(([, message]) => typeof message === 'string' && message.replace(/\{\w+\}/g, '').split(/\s+/).length > 4)
      .filter(([key, message]) => catalogue[key as keyof Catalogue] === message)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe('formatMessage', () => {
  it('fills placeholders and writes numbers as the language does', () => {
    expect(formatMessage('en', 'Show {count} more ({hidden} not shown)', { count: 100, hidden: 1234 })).toBe(
      'Show 100 more (1,234 not shown)',
    );
    expect(formatMessage('de', '{hidden} ausgeblendet', { hidden: 1234 })).toBe('1.234 ausgeblendet');
    expect(formatMessage('fr', '{hidden} masqués', { hidden: 1234 })).toBe('1\u202f234 masqués');
  });

  it('chooses the plural form by the language’s rules', () => {
    const pages = { one: '{count} page', other: '{count} pages' };
    expect(formatMessage('en', pages, { count: 1 })).toBe('1 page');
    expect(formatMessage('en', pages, { count: 0 })).toBe('0 pages');
    // French counts zero as singular.
    expect(formatMessage('fr', pages, { count: 0 })).toBe('0 page');
    expect(formatMessage('de', { one: '{count} Seite', other: '{count} Seiten' }, { count: 0 })).toBe('0 Seiten');
  });

  it('leaves a placeholder it has no value for as written', () => {
    expect(formatMessage('en', 'It runs on {device}.')).toBe('It runs on {device}.');
  });
});

describe('browserLanguage', () => {
  it('takes the first of the browser’s languages the interface speaks, else English', () => {
    expect(browserLanguage(['de-DE', 'en-US'])).toBe('de');
    expect(browserLanguage(['fr-CA'])).toBe('fr');
    expect(browserLanguage(['es-ES', 'fr-FR', 'de'])).toBe('fr');
    expect(browserLanguage(['es-ES', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
