/** "1 file", "3 files": a count with its noun, for the nouns this screen counts. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
