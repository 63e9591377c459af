import { Icon, type IconProps } from '../../../shared/ui/icons';

export const StarsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4l1.8 3.7 4 .6-2.9 2.8.7 4L9 13.2l-3.6 1.9.7-4-2.9-2.8 4-.6z" />
    <path d="M17 12.5l1 2.1 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z" />
  </Icon>
);
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const LockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);
