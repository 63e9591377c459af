const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
// Short enough for one line of the hunt list: the year goes without saying.
const dateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const parse = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The date of 'You answered this question on <date>', in the visitor's language. */
export const answerDate = (iso: string): string => {
  const d = parse(iso);
  return d ? dateOnly.format(d) : iso;
};

/** The time of 'Answered <time>' in the hunt list. */
export const answerTime = (iso: string): string => {
  const d = parse(iso);
  return d ? dateTime.format(d) : iso;
};
