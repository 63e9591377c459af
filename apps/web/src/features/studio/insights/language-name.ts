import { INSIGHT_OTHER_LANGUAGE } from '@earshot/core';

const names = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/**
 * "Spanish (es)" for `es`: the name a publisher reads, with the code the guide uses; `other`
 * (languages the guide does not have, folded together) is "Other languages".
 */
export function languageName(code: string): string {
  if (code === INSIGHT_OTHER_LANGUAGE) return 'Other languages';
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}
