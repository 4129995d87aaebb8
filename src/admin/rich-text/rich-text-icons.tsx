import type { ReactNode } from "react";

// The toolbar's pictures: 20 px line drawings in the text colour, hidden from screen readers (every
// button carries its name in aria-label).

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const toolbarIcons = {
  link: (
    <Icon>
      <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-1 1" />
      <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l1-1" />
    </Icon>
  ),
  bulletList: (
    <Icon>
      <circle cx="4" cy="5.5" r="0.9" fill="currentColor" />
      <circle cx="4" cy="10" r="0.9" fill="currentColor" />
      <circle cx="4" cy="14.5" r="0.9" fill="currentColor" />
      <path d="M8 5.5h9M8 10h9M8 14.5h9" />
    </Icon>
  ),
  orderedList: (
    <Icon>
      <path d="M3 4.2l1.2-.7v3.8M2.8 7.3h2.6" strokeWidth="1.3" />
      <path d="M2.9 12.1c.3-.6 2.4-.7 2.3.4-.1.9-2.4 1.7-2.4 2.8h2.6" strokeWidth="1.3" />
      <path d="M8 5.5h9M8 10h9M8 14.5h9" />
    </Icon>
  ),
  code: (
    <Icon>
      <path d="M7 6l-4 4 4 4M13 6l4 4-4 4" />
    </Icon>
  ),
  codeBlock: (
    <Icon>
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
      <path d="M8 8l-2 2 2 2M12 8l2 2-2 2" />
    </Icon>
  ),
  image: (
    <Icon>
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
      <circle cx="7" cy="8" r="1.4" />
      <path d="M17.5 13l-4-4-7.5 7.5" />
    </Icon>
  ),
};
