import type { ButtonHTMLAttributes } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type EntryMoves, MoveRemoveButtons } from "../shell/form/move-remove-buttons.tsx";

/** A small quiet button of a step's card (move, remove), named by its `aria-label`. */
export function BotToolButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { "aria-label": string }) {
  return <Button type="button" variant="tertiary" size="sm" {...props} />;
}

/** A step's moves up and down the list and its removal; the first, last and only step cannot. */
export function BotStepTools({
  n,
  count,
  ...moves
}: EntryMoves & {
  /** The step's number, from 1. */
  n: number;
  /** How many steps the bot has. */
  count: number;
}) {
  const { t } = useT();
  return (
    <MoveRemoveButtons
      className="bot-step-tools"
      index={n - 1}
      count={count}
      labels={{
        up: t("bots.step.moveUp", { n }),
        down: t("bots.step.moveDown", { n }),
        remove: t("bots.step.remove", { n }),
      }}
      removeText="✕"
      canRemove={count > 1}
      {...moves}
    />
  );
}
