import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";

/** A host API call that a URL, a link or a shortcut asks for. */
export interface HostCommand {
  command: HostCommandName;
  args: unknown[];
  /** Seconds to wait before running it (tours started from the URL). */
  delaySeconds?: number;
}

/** Spec §2 "Host page query parameters". */
export function parseUrlActions(search: string): HostCommand[] {
  const params = new URLSearchParams(search);
  const commands: HostCommand[] = [];
  if (params.has("gleap_widget")) commands.push({ command: "open", args: [] });
  const conversation = params.get("gleap_conversation");
  if (conversation) {
    commands.push(
      conversation === "true"
        ? { command: "startConversation", args: [] }
        : { command: "startBot", args: [conversation] },
    );
  }
  const feedback = params.get("gleap_feedback");
  if (feedback) commands.push({ command: "startFeedbackFlow", args: [feedback] });
  const survey = params.get("gleap_survey");
  if (survey) {
    const format = params.get("gleap_survey_format") === "survey_full" ? "survey_full" : "survey";
    commands.push({ command: "showSurvey", args: [survey, format] });
  }
  const tour = params.get("gleap_tour");
  if (tour) {
    // Spec §2: the delay defaults to 2 seconds when it is not a number.
    const raw = params.get("gleap_tour_delay")?.trim() ?? "";
    const delaySeconds = raw === "" || Number.isNaN(Number(raw)) ? 2 : Number(raw);
    commands.push({ command: "startProductTour", args: [tour], delaySeconds });
  }
  return commands;
}

const linkKinds: Record<string, (id: string, extra?: string) => HostCommand> = {
  article: (id) => ({ command: "openHelpCenterArticle", args: [id] }),
  collection: (id) => ({ command: "openHelpCenterCollection", args: [id] }),
  flow: (id) => ({ command: "startFeedbackFlow", args: [id] }),
  survey: (id) => ({ command: "showSurvey", args: [id] }),
  bot: (id) => ({ command: "startBot", args: [id] }),
  news: (id) => ({ command: "openNewsArticle", args: [id] }),
  // startChecklist(outboundId, showBackButton, sharedKey), as the reference's host API takes it.
  checklist: (id, sharedKey) => ({
    command: "startChecklist",
    args: sharedKey ? [id, true, sharedKey] : [id],
  }),
  tour: (id) => ({ command: "startProductTour", args: [id] }),
};

/**
 * Links of the widget's own protocol (`gleap://x/{kind}/{id}[/{sharedKey}]`, spec §2); null for any
 * other link. Kinds: article, collection, flow, survey, bot, news, checklist, tour.
 */
export function parseGleapLink(href: string): HostCommand | null {
  const match = /^gleap:\/*(.*)$/i.exec(href.trim());
  if (!match) return null;
  const [x, kind = "", id = "", extra] = (match[1] ?? "").split(/[?#]/)[0]?.split("/").filter(Boolean) ?? [];
  const make = Object.hasOwn(linkKinds, kind) ? linkKinds[kind] : undefined;
  if (x !== "x" || !make || id === "") throw new Error(`Unknown Gleap link ${href}`);
  return make(decodeURIComponent(id), extra === undefined ? undefined : decodeURIComponent(extra));
}
