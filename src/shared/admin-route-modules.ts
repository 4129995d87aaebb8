/**
 * The admin addresses whose lazy code the server names in the page it sends for them, so the browser
 * fetches it beside the entry instead of one round trip after another (entry, then the dashboard's
 * chunk, then the screen's): each pattern (matched against the path) with the source modules the
 * admin imports lazily for it. build.ts turns the modules into their chunks and every chunk they
 * import (`AppEntry.routes` in the manifest) and fails when a module is not a lazy chunk of the admin,
 * so this table cannot name code that moved without the build saying so.
 *
 * The screens staff open most by address: the feedback inbox and a report in it. Their texts come
 * with them (dashboard-routes.tsx: a report shows its conversation and its visitor, so the inbox
 * speaks those areas' words too).
 */
const inboxTexts = [
  "src/admin/inbox/inbox-messages.ts",
  "src/admin/conversations/conversation-messages.ts",
  "src/admin/visitors/visitor-messages.ts",
];

export const adminRouteModules: ReadonlyArray<{ pattern: string; modules: readonly string[] }> = [
  // Every signed-in screen: the route tables, the layout and the auth check.
  { pattern: "^/dashboard(/.*)?$", modules: ["src/admin/dashboard-routes.tsx"] },
  { pattern: "^/dashboard/inbox/?$", modules: ["src/admin/inbox/inbox-list-page.tsx", ...inboxTexts] },
  {
    pattern: "^/dashboard/inbox/[^/]+/?$",
    modules: ["src/admin/inbox/inbox-detail-page.tsx", ...inboxTexts],
  },
];
