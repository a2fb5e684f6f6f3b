import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../common/types';
import { handleError } from '../errors';
import { formatTimeLeft } from '../ingest-progress';
import { formatBytes, showLanguage, translate } from './messages';

afterEach(() => showLanguage('en'));

describe('the language shown', () => {
  it('writes messages, plurals, sizes and times in it', () => {
    showLanguage('de');
    expect(translate('doc.pages', { count: 1 })).toBe('1 Seite');
    expect(translate('doc.pages', { count: 12 })).toBe('12 Seiten');
    expect(formatBytes(12.34 * 2 ** 20)).toBe('12,3 MB');
    expect(formatTimeLeft(185_000)).toBe('noch etwa 3 min');
    showLanguage('fr');
    expect(translate('library.showMore', { count: 100, hidden: 1234 })).toBe(
      'Afficher 100 de plus (1\u202f234 masqués)',
    );
    expect(formatBytes(12 * 1024)).toMatch(/^12\sko$/);
  });

  it('turns an error into its code’s message and next step; in English the thrower’s own words stay', () => {
    const error = new AppError('PDF_PASSWORD', '“tax.pdf” is protected by a password.');
    expect(handleError(error)).toEqual({
      code: 'PDF_PASSWORD',
      message: '“tax.pdf” is protected by a password.',
      action: 'Enter the password to open it.',
    });
    showLanguage('de');
    expect(handleError(error)).toEqual({
      code: 'PDF_PASSWORD',
      message: 'Dieses PDF ist durch ein Passwort geschützt.',
      action: 'Geben Sie das Passwort ein, um es zu öffnen.',
    });
    showLanguage('fr');
    expect(handleError(new Error('disk on fire')).message).toBe('Un problème est survenu\u00a0: disk on fire');
  });
});
