/** Turns any failure into words a person understands and a next step. Aborts are not errors. */
import { AppError, type ErrorCode } from '../../common/types';
import { enErrors } from './i18n/en-errors';
import { shownLanguage, translate, type MessageKey } from './i18n/messages';

export interface UserMessage {
  code: ErrorCode;
  message: string;
  action?: string;
}

/** The next step for `code`, in the language shown; none for codes a person has nothing to do about. */
function actionFor(code: ErrorCode): string | undefined {
  const key = `error.action.${code}`;
  return key in enErrors ? translate(key as MessageKey) : undefined;
}

/**
 * What went wrong: the thrower's own words (English, with the particulars) when the interface is in
 * English, else the code's message in the language shown.
 */
function messageFor(error: AppError): string {
  return shownLanguage() === 'en' ? error.message : translate(`error.message.${error.code}`);
}

export function isAbort(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof AppError && error.code === 'ABORTED')
  );
}

/** The one place failures become messages. */
export function handleError(error: unknown): UserMessage {
  if (error instanceof AppError) return { code: error.code, message: messageFor(error), action: actionFor(error.code) };
  if (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' ||
      (error as { inner?: { name?: string } }).inner?.name === 'QuotaExceededError')
  ) {
    return {
      code: 'QUOTA_EXCEEDED',
      message: translate('error.message.QUOTA_EXCEEDED'),
      action: actionFor('QUOTA_EXCEEDED'),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'UNKNOWN', message: translate('error.unknown', { message }), action: translate('error.tryAgain') };
}
