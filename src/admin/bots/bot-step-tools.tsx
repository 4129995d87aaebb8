import type { ButtonHTMLAttributes } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/** A small quiet button of a step's card (move, remove), named by its `aria-label`. */
export function BotToolButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { "aria-label": string }) {
  return <Button type="button" variant="tertiary" size="sm" {...props} />;
}

/** A step's moves up and down the list and its removal; the first, last and only step cannot. */
export function BotStepTools({
  n,
  count,
  onMove,
  onRemove,
}: {
  /** The step's number, from 1. */
  n: number;
  /** How many steps the bot has. */
  count: number;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { t } = useT();
  return (
    <div className="bot-step-tools">
      <BotToolButton disabled={n === 1} onClick={() => onMove(-1)} aria-label={t("bots.step.moveUp", { n })}>
        ↑
      </BotToolButton>
      <BotToolButton
        disabled={n === count}
        onClick={() => onMove(1)}
        aria-label={t("bots.step.moveDown", { n })}
      >
        ↓
      </BotToolButton>
      <BotToolButton disabled={count === 1} onClick={onRemove} aria-label={t("bots.step.remove", { n })}>
        ✕
      </BotToolButton>
    </div>
  );
}
