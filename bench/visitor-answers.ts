// What a simulated visitor answers to a challenge, as the app would send it (SPEC §7 "create a
// user answer": the option id for multiple choice, digits, text, a photo's base64 data URL).

export const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
export const chance = (p: number) => Math.random() < p;

export function answerFor(
  challengeType: string,
  options: { id: number }[],
  photoDataUrl: string,
): { value: string; resourcetype: string } {
  switch (challengeType) {
    case 'MultipleChoiceChallenge':
      return { value: String(pick(options).id), resourcetype: 'UserMultipleChoiceChallengeAnswer' };
    case 'PhotoChallenge':
      return { value: photoDataUrl, resourcetype: 'UserPhotoChallengeAnswer' };
    case 'NumberChallenge':
      // Right or wrong: the server checks it at once either way.
      return {
        value: String(10 + Math.floor(Math.random() * 5)),
        resourcetype: 'UserNumberChallengeAnswer',
      };
    default:
      return {
        value: pick(['concrete', 'steel', 'Concrete']),
        resourcetype: 'UserTextChallengeAnswer',
      };
  }
}
