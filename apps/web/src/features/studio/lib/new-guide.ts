/** The new-guide form's checks, in the words the form shows. */
export const requiredProblem = (value: string, what: string): string | null =>
  value.trim() ? null : `Enter ${what}.`;

/** A language code as the bundle wants it ("en", "pt-BR"). */
export const languageProblem = (code: string): string | null =>
  /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(code.trim())
    ? null
    : 'Enter a language code such as "en" or "pt-BR".';
