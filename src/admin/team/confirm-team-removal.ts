import type { Translator, Values } from "../i18n/intl.ts";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";

/**
 * Taking someone off the team (a member, or a pending invitation) is asked first in a danger dialog:
 * `{action}Heading` (filled with `values`) over `{action}Body`, confirmed with `{action}` itself. Then
 * `remove` runs with the toast `{action}d`, and `onRemoved` only when the server did it.
 */
export function confirmTeamRemoval(
  { t }: Translator,
  action: "team.remove" | "team.revoke",
  values: Values,
  remove: () => Promise<unknown>,
  onRemoved: () => void,
): void {
  confirmRemoval({
    heading: t(`${action}Heading`, values),
    body: t(`${action}Body`),
    confirmLabel: t(action),
    remove,
    done: `${action}d`,
    onRemoved,
  });
}
