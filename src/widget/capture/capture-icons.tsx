/** The editor's icons: 24×24 strokes in `currentColor`, so the toolbar's colours apply. */

const paths = {
  drag: (
    <>
      <circle cx="9" cy="6" r="1.6" fill="currentColor" stroke="none" />
      <circle cx="15" cy="6" r="1.6" fill="currentColor" stroke="none" />
      <circle cx="9" cy="12" r="1.6" fill="currentColor" stroke="none" />
      <circle cx="15" cy="12" r="1.6" fill="currentColor" stroke="none" />
      <circle cx="9" cy="18" r="1.6" fill="currentColor" stroke="none" />
      <circle cx="15" cy="18" r="1.6" fill="currentColor" stroke="none" />
    </>
  ),
  record: <circle cx="12" cy="12" r="6.5" fill="#EB144C" stroke="none" />,
  stop: (
    <>
      <circle cx="12" cy="12" r="9" fill="#EB144C" stroke="none" className="gl-capture-pulse" />
      <rect x="8.5" y="8.5" width="7" height="7" rx="1.2" fill="#fff" stroke="none" />
    </>
  ),
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </>
  ),
  micOff: (
    <>
      <path d="M15 10.5V6a3 3 0 0 0-5.8-1.1M9 9v2a3 3 0 0 0 4.6 2.5" />
      <path d="M5.5 11a6.5 6.5 0 0 0 10.9 4.8M18.5 11a6.5 6.5 0 0 1-.4 2.2M12 17.5V21M8.5 21h7M3.5 3.5l17 17" />
    </>
  ),
  pointer: <path d="M5.5 3.5l13 7.2-5.9 1.6-2.6 5.9z" strokeLinejoin="round" />,
  rect: <rect x="4" y="5.5" width="16" height="13" rx="1.5" />,
  pen: (
    <>
      <path d="M4 20l1-4.5L15.5 5a2.1 2.1 0 0 1 3 3L8 18.5z" strokeLinejoin="round" />
      <path d="M13.5 7l3 3" />
    </>
  ),
  blur: (
    <>
      <rect x="3.5" y="7" width="17" height="10" rx="2" fill="currentColor" stroke="none" opacity="0.85" />
      <path d="M7 12h10" stroke="#fff" strokeDasharray="2 2.5" />
    </>
  ),
  undo: (
    <>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
