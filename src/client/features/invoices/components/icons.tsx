import type { ReactNode } from 'react';

/**
 * The few icons the invoice screens draw, as inline SVG: the portal ships no icon font, and the
 * CSP (style-src 'self') rules out icon CSS injected at run time. They take the text colour.
 */
function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export function PaidIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M5 8.2l2 2 4-4.4" />
    </Icon>
  );
}

export function IssuedIcon() {
  return (
    <Icon>
      <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z" />
      <path d="M9.5 1.5v3h3M6 8h4.5M6 10.5h4.5" />
    </Icon>
  );
}

export function OverdueIcon() {
  return (
    <Icon>
      <path d="M8 1.8L14.6 13.8H1.4z" />
      <path d="M8 6v3.5M8 11.7v.1" />
    </Icon>
  );
}

export function OtherIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 5v3.5M8 10.8v.1" />
    </Icon>
  );
}

export function ExternalLinkIcon() {
  return (
    <Icon>
      <path d="M9.5 2.5h4v4M13.5 2.5L7.5 8.5" />
      <path d="M11.5 9.5v3.5a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3.5" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M8 2v8M4.8 7l3.2 3.2L11.2 7" />
      <path d="M2.5 11v2.5h11V11" />
    </Icon>
  );
}
