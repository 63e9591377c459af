import { previewScopeOf } from '@earshot/core';

const KEY = 'earshot-preview';

const stored = (): string | null => {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};

let scope = stored();

/**
 * Which studio preview the app's calls are asked within (docs/studio.md, Preview): a
 * preview's rows answer only a call that carries its token, so while a preview is the visit's
 * guide every call carries it, and a hunt or challenge screen reached from it (or reloaded in
 * the same tab) keeps it. Entering a published guide ends it.
 */
export function setPreviewScope(guideToken: string): void {
  scope = previewScopeOf(guideToken);
  try {
    if (scope) sessionStorage.setItem(KEY, scope);
    else sessionStorage.removeItem(KEY);
  } catch {
    // No session storage (a private window's limits): the scope lasts as long as the page.
  }
}

export const previewScope = (): string | null => scope;
