import type { Challenge } from '@earshot/core';
import type { IconProps } from '../../ui/icons';
import { CameraIcon, ChoiceIcon, HashIcon, PuzzleIcon, TextIcon } from './icons';

const BY_NAME: Record<string, (p: IconProps) => React.JSX.Element> = {
  camera: CameraIcon,
  photo: CameraIcon,
  list: ChoiceIcon,
  number: HashIcon,
  text: TextIcon,
};
const BY_TYPE: Record<Challenge['resourcetype'], (p: IconProps) => React.JSX.Element> = {
  Challenge: PuzzleIcon,
  PhotoChallenge: CameraIcon,
  MultipleChoiceChallenge: ChoiceIcon,
  NumberChallenge: HashIcon,
  TextChallenge: TextIcon,
};

/** A challenge's icon: the one its author named, else one for its type. */
export function ChallengeIcon({
  challenge,
  ...p
}: IconProps & { challenge: Pick<Challenge, 'icon' | 'resourcetype'> }) {
  const Glyph = (challenge.icon && BY_NAME[challenge.icon]) || BY_TYPE[challenge.resourcetype];
  return <Glyph {...p} />;
}
