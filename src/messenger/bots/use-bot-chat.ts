import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import {
  type BotRun,
  handoverRequest,
  reduceRun,
  startRun,
  stepOf,
  typingDelay,
  waitingFor,
} from "../../shared/bot-run.ts";
import type { Bot } from "../../shared/bots-api.ts";
import type { Conversation } from "../../shared/conversations-api.ts";
import type { ChatItem } from "../conversations/chat-parts.tsx";
import { conversationPath } from "../conversations/conversation-cache.ts";
import { tooManyStarts } from "../conversations/start-refusal.ts";
import { useShell, useTexts } from "../shell/shell-api.ts";
import { botTexts } from "./bot-texts.ts";

/** `limited`: refused because the visitor started too many conversations lately (429). */
export type HandoverState = "idle" | "sending" | "failed" | "limited";

/** At a handover step that has said its text: the conversation with the team starts, once. */
function useHandover(bot: Bot, run: BotRun, due: boolean) {
  const t = useTexts(botTexts);
  const { api, queries, navigator } = useShell();
  const [handover, setHandover] = useState<HandoverState>("idle");
  const handOver = useCallback(async () => {
    setHandover("sending");
    try {
      const conversation = await api.post<Conversation>(
        "/conversations",
        handoverRequest(bot, run, t("bot.handoverDefault")),
      );
      queries.invalidate("/conversations");
      queries.invalidate("/messenger/home");
      queries.set(conversationPath(conversation.shareToken), conversation);
      navigator.replace({ name: "conversation", shareToken: conversation.shareToken });
    } catch (failure) {
      setHandover(tooManyStarts(failure) ? "limited" : "failed");
    }
  }, [api, queries, navigator, bot, run, t]);

  const handoverDue = due && handover === "idle";
  useEffect(() => {
    if (handoverDue) void handOver();
  }, [handoverDue, handOver]);
  return { handover, handOver };
}

/**
 * A bot's run in the chat: the step in play "types" for a moment, then says its text; what the
 * visitor chose or typed goes to the run; a handover starts the conversation; focus follows what asks
 * next (in `footer`).
 */
export function useBotChat(bot: Bot) {
  const [run, dispatch] = useReducer(
    (state: BotRun, action: Parameters<typeof reduceRun>[2]) => reduceRun(bot, state, action),
    bot,
    startRun,
  );
  const footer = useRef<HTMLDivElement>(null);
  const step = stepOf(bot, run.stepId);
  const waiting = waitingFor(bot, run);

  useEffect(() => {
    if (!step || run.shown) return;
    const timer = setTimeout(() => dispatch({ type: "show" }), typingDelay(step));
    return () => clearTimeout(timer);
  }, [step, run.shown]);

  const { handover, handOver } = useHandover(bot, run, waiting?.type === "handover");

  // A choice made or a field sent takes its control away: focus moves to what asks next.
  const asking = waiting ? `${waiting.id}:${run.transcript.length}` : run.stepId === null ? "ended" : "";
  useEffect(() => {
    if (!asking) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || footer.current?.contains(active);
    if (lost) footer.current?.querySelector<HTMLElement>("button, input")?.focus({ preventScroll: true });
  }, [asking]);

  const items = useMemo<ChatItem[]>(
    () =>
      run.transcript.map((entry, index) => ({
        key: `bot-${index}`,
        author: entry.author,
        name: entry.author === "bot" ? bot.name : null,
        avatarUrl: entry.author === "bot" ? bot.avatarUrl : null,
        text: entry.text,
        attachments: [],
        createdAt: entry.createdAt,
      })),
    [run.transcript, bot],
  );

  const typing = Boolean(step && !run.shown && typingDelay(step) > 0);
  return { run, dispatch, waiting, typing, items, footer, handover, handOver };
}
