import { useState } from "react";
import { type ActionOutcome, runAction } from "./run-action.ts";

/**
 * An admin action a card waits for: `busy` while it runs (its controls disabled meanwhile), and `run`,
 * which is {@link runAction} (its toasts and outcome) with that flag around it.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = async <T>(...action: Parameters<typeof runAction<T>>): Promise<ActionOutcome<T>> => {
    setBusy(true);
    const outcome = await runAction(...action);
    setBusy(false);
    return outcome;
  };
  return { busy, run };
}
