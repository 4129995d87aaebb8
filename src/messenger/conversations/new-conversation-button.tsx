import type { ReactNode } from "react";
import { useShell } from "../shell/shell-context.tsx";

/**
 * The way to a person from anywhere: opens a new conversation, on top of the screen (or instead of
 * it, `replace`, where the screen has nothing more to say).
 */
export function NewConversationButton({
  className = "button button--primary",
  replace = false,
  testId,
  children,
}: {
  className?: string;
  replace?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { navigator } = useShell();
  const open = () =>
    replace ? navigator.replace({ name: "new-conversation" }) : navigator.push({ name: "new-conversation" });
  return (
    <button type="button" className={className} data-testid={testId} onClick={open}>
      {children}
    </button>
  );
}
