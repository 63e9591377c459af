import { Icon, type IconProps } from '../../../shared/ui/icons';
import { glyphPaths } from '../lib/glyphs';

export const LayersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l9 5-9 5-9-5z" />
    <path d="M3 13l9 5 9-5" />
  </Icon>
);
export const LocateIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2.5" fill="currentColor" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </Icon>
);
export const LocateOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7.1 7.1A7 7 0 0 0 16.9 16.9M9.5 5.4A7 7 0 0 1 18.6 14.5" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M3 3l18 18" />
  </Icon>
);
export const StarsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4l1.8 3.7 4 .6-2.9 2.8.7 4L9 13.2l-3.6 1.9.7-4-2.9-2.8 4-.6z" />
    <path d="M17 12.5l1 2.1 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z" />
  </Icon>
);
export const EyeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const ShrinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </Icon>
);
export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5h.01" />
  </Icon>
);

/** A layer's or POI's icon by name (see lib/glyphs.ts). */
export const Glyph = ({ icon, ...p }: IconProps & { icon: string | null }) => (
  <Icon {...p}>
    {glyphPaths(icon).map((d) => (
      <path key={d} d={d} />
    ))}
  </Icon>
);
