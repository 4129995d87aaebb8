import { LineIcon } from "../shell/icons.tsx";

/**
 * Line icons of the content screens (conversations, bots, help, news, feature requests, checklists),
 * drawn like the shell's (24 px grid, 2 px strokes in the current colour). They live in the lazy
 * chunks of those screens, so the first screen carries none of them.
 */
const paths = {
  paperclip:
    "M20.5 11.5 12.3 19.7a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8",
  image: "M4 5h16v14H4zM4 16l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15 9.5h.01",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  file: "M6 3h8l5 5v13H6zM14 3v5h5",
  arrowDown: "M12 5v14M6 13l6 6 6-6",
  chevronDown: "M6 9l6 6 6-6",
  retry: "M4 12a8 8 0 1 0 2.3-5.7M4 4v4.5h4.5",
  lock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  external: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  book: "M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5",
  rocket:
    "M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1-3 3.5-6.5 8-8.5 2-.9 4.5-1 6-.5.5 1.5.4 4-.5 6-2 4.5-5.5 7-8.5 8zM15 9h.01",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.4 3.2-5.5 6.5-5.5s5.9 2.1 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.8 3.2 2.6 3.5 5.2",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 3.1V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  card: "M3 6h18v12H3zM3 10h18M7 15h3",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z",
  bolt: "M13 3 5 13.5h6L10 21l8-10.5h-6z",
  flag: "M5 21V4M5 4h11l-2 4 2 4H5",
  plus: "M12 5v14M5 12h14",
  chat: "M20 12.5c0 4-3.6 7-8 7-1.2 0-2.3-.2-3.3-.6L4 20l1.2-3.6C4.4 15.3 4 14 4 12.5c0-4 3.6-7 8-7s8 3 8 7z",
  bot: "M12 3v3M6 8h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM9 13h.01M15 13h.01M9.5 16.5h5",
  circle: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  checkCircle: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l3 3 5-6",
  trophy:
    "M8 4h8v5a4 4 0 0 1-8 0zM8 6H4.5a3.5 3.5 0 0 0 3.6 4M16 6h3.5a3.5 3.5 0 0 1-3.6 4M12 13v4M8 20h8M9.5 17h5v3h-5z",
} as const;

export type ContentIconName = keyof typeof paths;

/** Icons that point along the reading direction flip in right-to-left layouts. */
const directional = new Set<ContentIconName>(["external"]);

export function ContentIcon({
  name,
  size = 20,
  className,
}: {
  name: ContentIconName;
  size?: number;
  className?: string;
}) {
  return (
    <LineIcon path={paths[name]} directional={directional.has(name)} size={size} className={className} />
  );
}
