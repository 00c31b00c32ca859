import type { ComponentProps } from 'react';
import type { SocialLink } from '../content/types';

/** Small line icons (24 px grid, currentColor). Decorative: the control around names them. */
function Icon({ children, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ChevronLeft = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);
export const ChevronRight = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);
export const ChevronDown = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const ArrowDown = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M12 5v14m-6-6 6 6 6-6" />
  </Icon>
);
export const ArrowRight = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M5 12h14m-6-6 6 6-6 6" />
  </Icon>
);
export const Check = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="m5 12 5 5L20 7" />
  </Icon>
);
export const Pause = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);
export const Play = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
  </Icon>
);
export const Menu = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const Close = (props: ComponentProps<'svg'>) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

const socialPaths: Record<SocialLink['network'], React.ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9.5 5 2.5-5 2.5z" fill="currentColor" />
    </>
  ),
  tiktok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5" />,
};

export function SocialIcon({
  network,
  ...props
}: ComponentProps<'svg'> & { network: SocialLink['network'] }) {
  return <Icon {...props}>{socialPaths[network]}</Icon>;
}
