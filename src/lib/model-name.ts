/** Model names as a person reads them. */
import { BUILTIN_MODEL } from '../../common/models';
import { translate as t } from './i18n/messages';

/** The built-in model by what it is (its id and recipe are under Details); any other by its own name. */
export function modelName(id: string, label: string): string {
  return id === BUILTIN_MODEL.id ? t('model.builtinName') : label;
}
