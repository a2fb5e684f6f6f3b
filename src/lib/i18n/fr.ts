/** French: every message of the interface. */
import { frAnswer } from './fr-answer';
import { frApp } from './fr-app';
import { frErrors } from './fr-errors';
import { frSettings } from './fr-settings';
import type { Catalogue } from './en';

export const fr: Catalogue = { ...frApp, ...frAnswer, ...frSettings, ...frErrors };
