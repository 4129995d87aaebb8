import type { Bot } from "../../shared/bots-api.ts";
import { TypingIndicator } from "../conversations/chat-parts.tsx";
import { ChatSkeleton, ChatView } from "../conversations/chat-view.tsx";
import "../conversations/conversations.css";
import {
  ItemQuery,
  path,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useTexts,
} from "../shell/shell-api.ts";
import { BotControls } from "./bot-controls.tsx";
import { botTexts } from "./bot-texts.ts";
import { useBotChat } from "./use-bot-chat.ts";
import "./bots.css";

function BotChat({ bot }: { bot: Bot }) {
  const t = useTexts(botTexts);
  const chat = useBotChat(bot);
  return (
    <ChatView
      testId="bot-chat"
      items={chat.items}
      after={
        chat.typing ? (
          <TypingIndicator
            name={bot.name}
            avatarUrl={bot.avatarUrl}
            label={t("bot.typing", { name: bot.name })}
          />
        ) : null
      }
      footer={
        <div className="bot-footer" ref={chat.footer}>
          <BotControls chat={chat} />
        </div>
      }
    />
  );
}

/**
 * A bot (`GET /bots/{id}`, the host's `startBot`): its scripted steps run here one by one, each
 * after a short typing pause; choices, a field to fill in, and at a handover a conversation with the
 * team that carries the chat and what was collected, which the screen then becomes.
 */
export default function BotScreen({ screen }: ScreenProps<"bot">) {
  const bot = useApiQuery<Bot>(path`/bots/${screen.botId}`);
  useScreenTitle(bot.data?.name);
  return (
    <ItemQuery query={bot} skeleton={<ChatSkeleton />}>
      {(data) => <BotChat key={data.id} bot={data} />}
    </ItemQuery>
  );
}
