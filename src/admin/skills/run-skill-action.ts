import type { MessageId } from "../i18n/en-US.ts";
import type { Translator } from "../i18n/intl.ts";
import { showToast } from "../shell/toast-store.ts";
import { skillFailureText } from "./skill-errors.ts";

/**
 * Runs one skill tree action (a delete): a success toast with `done`, or an error toast whose reason
 * reads in the admin's language when the skills catalogue knows it ("Other skills depend on this
 * skill"). Answers whether it worked.
 */
export async function runSkillAction(tr: Translator, call: () => Promise<unknown>, done: MessageId) {
  try {
    await call();
    showToast({ type: "success", heading: done });
    return true;
  } catch (failure) {
    showToast({ type: "error", heading: "toast.error", body: skillFailureText(tr, failure) });
    return false;
  }
}
