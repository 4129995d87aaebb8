import type { ChecklistStep } from "../../shared/checklist-progress.ts";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";

type ActionHost = Pick<WidgetHost, "command" | "openUrl" | "triggerCustomAction" | "session">;

/**
 * Runs a step's action (spec §3 step actions, §5 rules) through the loader: the messenger's screens by
 * host command, links the host's way (`setUrlHandler`, else this tab or a new one), custom actions to
 * the host's callbacks. Opening by id needs an id; a feedback flow needs a ready session. Answers
 * whether something was started. Spec §8: checklist action errors are swallowed.
 */
export function runStepAction(step: ChecklistStep, host: ActionHost): boolean {
  try {
    switch (step.action) {
      case "BOT":
        // An empty bot id starts a conversation with the project's default bot.
        host.command("startBot", [step.botId]);
        return true;
      case "CUSTOM_ACTION":
        if (!step.actionBody) return false;
        host.triggerCustomAction(step.actionBody);
        return true;
      case "REDIRECT_URL":
        if (!step.actionBody) return false;
        host.openUrl(step.actionBody, step.actionOpenInNewTab);
        return true;
      case "FEEDBACK_FLOW":
        if (!host.session()) return false;
        host.command("startFeedbackFlow", [step.formId]);
        return true;
      case "NEWS_ARTICLE":
        if (!step.articleId) return false;
        host.command("openNewsArticle", [step.articleId]);
        return true;
      case "HELP_ARTICLE":
        if (!step.articleId) return false;
        host.command("openHelpCenterArticle", [step.articleId]);
        return true;
      case "CHECKLIST":
        if (!step.outboundId) return false;
        host.command("startChecklist", [step.outboundId, true, step.sharedKey || undefined]);
        return true;
      default:
        return false;
    }
  } catch {
    return false;
  }
}
