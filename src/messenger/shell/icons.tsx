/**
 * The shell's line icons (24 px grid, 2 px strokes in the current colour), drawn inline so the first
 * screen fetches no icon font or sprite. Screens with icons of their own keep them in their chunk.
 */
const paths = {
  close: "M6 6l12 12M18 6 6 18",
  back: "M15 5l-7 7 7 7",
  chevron: "M9 5l7 7-7 7",
  home: "M4 11.5 12 4l8 7.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z",
  messages:
    "M20 12.5c0 4-3.6 7-8 7-1.2 0-2.3-.2-3.3-.6L4 20l1.2-3.6C4.4 15.3 4 14 4 12.5c0-4 3.6-7 8-7s8 3 8 7z",
  news: "M5 5h11v14H6a1 1 0 0 1-1-1zM16 9h3v9a1 1 0 0 1-2 0M8 9h5M8 12.5h5M8 16h3",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.4M12 17h.01",
  bug: "M9 7a3 3 0 0 1 6 0M7 10h10v4a5 5 0 0 1-10 0zM12 10v9M4 13h3M17 13h3M5 8l2.5 2M19 8l-2.5 2M5 19l2.5-2.5M19 19l-2.5-2.5",
  idea: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.9V16h5v-.2c0-.8.4-1.5 1-1.9A6 6 0 0 0 12 3z",
  mail: "M4 6h16v12H4zM4 7l8 6 8-6",
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z",
  check: "M5 12.5l4.5 4.5L19 7.5",
  alert: "M12 8v5M12 16.5h.01M10.3 4.2 2.9 17a2 2 0 0 0 1.7 3h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z",
  send: "M4 12 20 4l-4 16-4-7zM12 13l8-9",
  list: "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4.2-4.2",
  vote: "M12 19V6M6 11.5 12 5.5l6 6",
  sparkle: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18",
} as const;

export type IconName = keyof typeof paths;

/** Icons that point along the reading direction flip in right-to-left layouts. */
const directional = new Set<IconName>(["back", "chevron", "send"]);

export interface LineIconProps {
  /** The SVG path, on a 24 px grid. */
  path: string;
  /** Points along the reading direction: flipped in right-to-left layouts. */
  directional?: boolean;
  size?: number;
  className?: string;
}

/** How the messenger's line drawings are stroked: 2 px round lines in the current colour, no fill. */
export const lineStroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: "2",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A line icon as every messenger screen draws them: 24 px grid, 2 px strokes in the current colour. */
export function LineIcon({ path, directional = false, size = 20, className }: LineIconProps) {
  const classes = [directional ? "icon icon--directional" : "icon", className].filter(Boolean).join(" ");
  return (
    <svg
      className={classes}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      {...lineStroke}
    >
      <path d={path} />
    </svg>
  );
}

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <LineIcon path={paths[name]} directional={directional.has(name)} size={size} className={className} />
  );
}

/** A flow's `icon` (a name like "bug", or an emoji) as an icon; unknown names get the chat bubble. */
export function FlowIcon({ icon, size = 20 }: { icon: string; size?: number }) {
  const name = icon.trim().toLowerCase();
  const aliases: Record<string, IconName> = {
    bug: "bug",
    bugreporting: "bug",
    idea: "idea",
    lightbulb: "idea",
    feature: "idea",
    featurerequest: "idea",
    mail: "mail",
    email: "mail",
    contact: "mail",
    star: "star",
    rating: "star",
    help: "help",
    question: "help",
    chat: "messages",
    message: "messages",
  };
  const known = aliases[name.replace(/[^a-z]/g, "")];
  if (known) return <Icon name={known} size={size} />;
  // An emoji or a short symbol is shown as it is.
  if (name !== "" && /[^\u0020-\u007e]/.test(name) && [...icon.trim()].length <= 4)
    return (
      <span className="emoji-icon" aria-hidden="true">
        {icon.trim()}
      </span>
    );
  return <Icon name="messages" size={size} />;
}
