import { apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { showToast } from "../shell/toast-store.ts";

/**
 * Runs one user action: a success toast with `done` (a message id, so it follows the language), or an
 * error toast with the server's reason. Answers whether it worked.
 */
export async function runUserAction<T>(call: () => Promise<T>, done: MessageId): Promise<T | undefined> {
  try {
    const result = await call();
    showToast({ type: "success", heading: done });
    return result;
  } catch (failure) {
    showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
    return undefined;
  }
}
