// What the results are worded with, on either side: the renderer's i18next `t`
// and useFormat, or main's report's own instance over the same locales.

import type { Formatters, Translate } from '../i18n/format';

export interface Words {
  t: Translate;
  format: Formatters;
}
