import { Icon, type IconProps } from '../../../shared/ui/icons';

export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
  </Icon>
);
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const QrIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="14.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="3.5" y="14.5" width="6" height="6" rx="1" />
    <path d="M14.5 14.5h2.5v2.5M20.5 14.5v.01M14.5 20.5h.01M17.5 20.5h3v-3" />
  </Icon>
);
export const EnvelopeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
  </Icon>
);
export const UploadShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 15V3.5M7.5 8L12 3.5 16.5 8" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
  </Icon>
);

/** The networks' marks, drawn filled (brand glyphs simplified to our 24×24 frame). */
export const XMark = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  </Icon>
);
export const FacebookMark = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />
  </Icon>
);
export const WhatsAppMark = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20l1.2-4.1A8.5 8.5 0 1 1 8.3 19z" />
    <path
      d="M9 8.5c0 3.5 2.8 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2z"
      fill="currentColor"
      stroke="none"
    />
  </Icon>
);
export const LinkedInMark = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M4.5 9h3v11h-3zM6 3.8a1.8 1.8 0 1 1 0 3.5 1.8 1.8 0 0 1 0-3.5zM10 9h2.9v1.5c.4-.8 1.4-1.7 3-1.7 3.2 0 3.8 2.1 3.8 4.8V20h-3v-5.7c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V20H10z" />
  </Icon>
);
