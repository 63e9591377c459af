import { Icon, type IconProps } from '../../shared/ui/icons';

/** Logout: an arrow leaving through a door. */
export const LeaveIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Icon>
);

/** Unregister: a person with a minus sign. */
export const UserRemoveIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a7 7 0 0 1 14 0v1M17 11h5" />
  </Icon>
);

/** The studio: a pen over a page. */
export const StudioIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);
