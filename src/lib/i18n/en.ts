/**
 * English: the source of every message and of their keys. Another language is a `Catalogue`, so a
 * missing key fails the typecheck, and catalogue.test.ts checks it keeps every placeholder.
 */
import { enAnswer } from './en-answer';
import { enApp } from './en-app';
import { enErrors } from './en-errors';
import { enSettings } from './en-settings';
import type { Message } from './translate';

export const en = { ...enApp, ...enAnswer, ...enSettings, ...enErrors };

export type MessageKey = keyof typeof en;

/** A language's messages: one for every English key. */
export type Catalogue = Record<MessageKey, Message>;

/** One part of a language's messages, matching the English part `T`. */
export type CataloguePart<T> = Record<keyof T, Message>;
