/** Helpers for the parser tests of zipped formats (Word, EPUB). */
import { expect } from 'vitest';
import { AppError } from '../../common/types';

/** A fixture file's bytes as a parser takes them. */
export const bytes = (buffer: Buffer) => new Uint8Array(buffer);

/** The AppError a parse is refused with; fails the test when the parse succeeds or throws something else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
