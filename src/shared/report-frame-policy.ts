/**
 * The policy both report frames' documents keep (the snapshot's and the replay's): nothing runs or
 * frames, styles only inline; pictures, media and fonts from `data:`, `blob:` and the `own` sources, and
 * from any web address once the admin loaded external content for the report. The server's capture
 * frame page sends these in its header (with its sandbox and framing rules), and the admin writes them
 * into each frame's document for the report shown, so the two cannot drift apart.
 */
export function reportFrameDirectives(own: readonly string[], allowExternal: boolean): string[] {
  const sources = ["data:", "blob:", ...own, ...(allowExternal ? ["https:", "http:"] : [])].join(" ");
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src ${sources}`,
    `media-src ${sources}`,
    `font-src ${sources}`,
  ];
}
