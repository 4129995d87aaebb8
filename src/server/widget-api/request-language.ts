import { type ContentLanguage, contentLanguageFor } from "../../shared/content-languages.ts";
import type { WidgetContext } from "./widget-api.ts";

/**
 * The language a widget request reads content in (flows, news, the help center, outbounds): `?lang=`
 * when the caller names one (the messenger sends its own; spec §7 checklist calls carry it), else the
 * session's (the loader sends the widget's language when the session starts and when it changes);
 * English for a language nobody writes content in.
 */
export const contentLanguageOf = ({
  url,
  session,
}: Pick<WidgetContext, "url" | "session">): ContentLanguage =>
  contentLanguageFor(url.searchParams.get("lang") || session?.lang);
