import { Icon, type IconProps } from '../../ui/icons';

/** Material 'more horiz': answered, not checked yet (SPEC §4). */
export const MoreHorizIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={3}>
    <path d="M5 12h.01M12 12h.01M19 12h.01" />
  </Icon>
);
/** Material 'done': checked and correct. */
export const DoneIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={2.6}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
/** Material 'close': checked and wrong. */
export const WrongIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={2.6}>
    <path d="M7 7l10 10M17 7L7 17" />
  </Icon>
);
/** Waiting on the device to be sent. */
export const CloudUploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 9a4 4 0 0 1 0 8.5" />
    <path d="M12 12v8M9 15l3-3 3 3" />
  </Icon>
);
export const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);
export const GalleryIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);
export const ChoiceIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <circle cx="5" cy="6" r="1.5" />
    <circle cx="5" cy="12" r="1.5" />
    <circle cx="5" cy="18" r="1.5" />
  </Icon>
);
export const HashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4L7 20M17 4l-2 16M4 9h16M3 15h16" />
  </Icon>
);
export const TextIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 6V4h14v2M12 4v16M9 20h6" />
  </Icon>
);
export const PuzzleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.5 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z" />
  </Icon>
);
export const BackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);
