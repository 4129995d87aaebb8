import type { Translator } from "../i18n/intl.ts";
import { ruleMessage } from "../shell/form/form-errors.ts";

/**
 * A challenge form error in the current language. The challenge API's own refusals (a category or
 * sub-skill that no longer exists, too many skills) are not in the shared catalogue, so they are
 * worded here; every other rule goes through the shared `ruleMessage`.
 */
export function challengeRuleMessage(tr: Translator, message: string, fieldLabel: string): string {
  // The server's text for a category id that does not exist (categories-routes.ts, challenges-repository.ts).
  if (message === "Challenge category not found") return tr.t("challengeForm.categoryMissing");
  const skill = /^Sub-skill (.+) not found$/.exec(message);
  if (skill) return tr.t("challengeForm.skillMissing", { id: skill[1] ?? "" });
  const tooMany = /^Must have no more than (\d+) entries$/.exec(message);
  if (tooMany) return tr.t("challengeForm.tooManySkills", { n: Number(tooMany[1]) });
  return ruleMessage(tr, message, fieldLabel);
}
