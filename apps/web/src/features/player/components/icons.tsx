import { Icon, type IconProps } from '../../../shared/ui/icons';

export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path
      d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z"
      fill="currentColor"
    />
  </Icon>
);
export const PauseIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6.5" y="5" width="3.5" height="14" rx="1" fill="currentColor" />
    <rect x="14" y="5" width="3.5" height="14" rx="1" fill="currentColor" />
  </Icon>
);
/** SPEC §4: the icon while the audio loads. */
export const CircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="6" />
  </Icon>
);
const SkipIcon = ({ back, ...p }: IconProps & { back?: boolean }) => (
  <Icon {...p}>
    <g transform={back ? undefined : 'translate(24 0) scale(-1 1)'}>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
      <path d="M6.5 2.8v4h4" />
    </g>
    <text
      x="12.4"
      y="15.6"
      textAnchor="middle"
      fontSize="7.6"
      fontWeight="700"
      fill="currentColor"
      stroke="none"
      fontFamily="system-ui, sans-serif"
    >
      15
    </text>
  </Icon>
);
export const Back15Icon = (p: IconProps) => <SkipIcon back {...p} />;
export const Forward15Icon = (p: IconProps) => <SkipIcon {...p} />;
export const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="5" cy="12" r="1.4" fill="currentColor" />
    <circle cx="12" cy="12" r="1.4" fill="currentColor" />
    <circle cx="19" cy="12" r="1.4" fill="currentColor" />
  </Icon>
);
export const TranscriptIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 11h7M9 15h7M9 7h4" />
  </Icon>
);
