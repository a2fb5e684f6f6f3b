/** German: every message of the interface. */
import { deAnswer } from './de-answer';
import { deApp } from './de-app';
import { deErrors } from './de-errors';
import { deSettings } from './de-settings';
import type { Catalogue } from './en';

export const de: Catalogue = { ...deApp, ...deAnswer, ...deSettings, ...deErrors };
