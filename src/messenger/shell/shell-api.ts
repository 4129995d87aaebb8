/**
 * The messenger shell's public API: everything a screen needs, in one import.
 *
 * ## Add a screen
 * 1. Its variant in `Screen` (screens.ts), e.g. `{ name: "news-article"; newsId: string }`, with its
 *    page name in `pageName` (what the host hears with `page-changed`; `newsdetails` and
 *    `appextended` widen the frame).
 * 2. Its component, the default export of a file in the screen's folder:
 *    `export default function NewsArticleScreen({ screen }: ScreenProps<"news-article">) { … }`
 * 3. One line in ../screen-table.ts: `load: () => import("./news/news-article-screen.tsx")` (its own
 *    lazy chunk), `title` (a shell text key, shown until `useScreenTitle`), `prefetch` (API paths
 *    fetched while its code loads) and `chrome` (`panel`, `hero` or `bare`). The type of the table
 *    insists on an entry for every variant.
 * 4. Styles in the screen's folder, imported by its component (`import "./news.css"`); Bun puts
 *    them in the entry's stylesheet. Use the palette's custom properties (--brand, --surface, --text,
 *    --muted, --border, --tint, --radius-*), logical properties (right to left), and the shell's
 *    classes: `.card`, `.list`/`.list-row`, `.button--primary|secondary|ghost`, `.input`, `.field`.
 *
 * Open screens with `useShell().navigator.push(screen)`; `back()`, `replace(screen)`, `openTab(tab)`.
 * A host request (`open-news-article`, …) arrives as a navigation by itself (runtime.ts).
 *
 * ## Call the API
 * - Reads: `const news = useApiQuery<NewsSummary[]>("/news")` → `{status, data, error, retry}`;
 *   answers are cached by path and shared, refreshed when a screen shows them again after 15 s.
 *   `<QueryView query={news} isEmpty={…}>{(posts) => …}</QueryView>` draws loading (skeleton), error
 *   (with Retry) and empty states for you.
 * - Writes: `const { api, queries } = useShell(); await api.post<T>(path\`/feature-requests/${id}/vote\`)`,
 *   then `queries.invalidate("/feature-requests")` or `queries.set(path, answer)`. Failures are an
 *   `ApiError` with `kind` (`offline`, `not-found`, `conflict`, `rejected` with the server's `message`
 *   and `field`, `server`); `useErrorText()` words them, `<ErrorState error onRetry />` shows them.
 *   Build paths with the `path` tag, which encodes ids.
 *
 * ## Realtime
 * `const { realtime } = useShell(); useEffect(() => realtime.subscribe("conversation-message", (push) =>
 * …), [realtime])` — the answer unsubscribes; pushes are typed in `RealtimePushes` (realtime.ts). The
 * shell already keeps the Messages badge from them.
 *
 * ## Texts
 * `const texts = defineTexts({ en: {…}, de: {…}, ar: {…} })` in the screen's folder (`en` and `de`
 * complete, others may leave keys to English; plural forms as `{ one, other, … }` chosen by `count`),
 * then `const t = useTexts(texts); t("news.by", { name })`. Keys are global (`area.thing`): a project's
 * `staticTranslations` override them by key or by English wording. Dates: `relativeTime(lang, date)`
 * with `useLocale().lang`. Mark server content `dir="auto"` so it reads right in either direction.
 *
 * ## The host page
 * `useHostActions()`: `close()`, `openUrl(url, newTab)`, `send(message)` (any messenger → host
 * message of src/shared/frame-messages.ts). `useMessengerState((state) => state.session)` reads what
 * the host sent. Keep visitor drafts in sessionStorage under `gleap-messenger-…` (cleared with the
 * session).
 */
export { ApiError, type ApiErrorKind, type MessengerApi, path, toApiError } from "./api-client.ts";
export { CloseButton, HeroHeader } from "./header-bar.tsx";
export { defineTexts, formatNumber, type Translate } from "./i18n.ts";
export { FlowIcon, Icon, type IconName } from "./icons.tsx";
export { ItemQuery, ListQuery, ListRow, ListScreenContent, ProgressBar, QueryView } from "./list.tsx";
export type { RealtimePushes } from "./realtime.ts";
export { relativeTime } from "./relative-time.ts";
export type { ScreenProps } from "./screen-registry.ts";
export type { Screen, ScreenName, ScreenOf } from "./screens.ts";
export { ServerText } from "./server-text.tsx";
export {
  type ApiQuery,
  useApiQuery,
  useHostActions,
  useLocale,
  useMessengerState,
  useScreenTitle,
  useShell,
  useShellTexts,
  useTexts,
} from "./shell-context.tsx";
export {
  AlertBox,
  BusyLabel,
  EmptyCard,
  EmptyState,
  ErrorState,
  FieldErrorText,
  ListSkeleton,
  Skeleton,
  SubmitButton,
  useErrorText,
} from "./states.tsx";
