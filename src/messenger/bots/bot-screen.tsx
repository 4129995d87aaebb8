import type { Bot } from "../../shared/messenger-api.ts";
import { conversationTexts } from "../conversations/conversation-texts.ts";
import { plainText } from "../home/home-screen.tsx";
import {
  ListRow,
  path,
  QueryView,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";

/** Placeholder (the bot screen replaces it): the bot's name and first words, and a way to a person. */
export default function BotScreen({ screen }: ScreenProps<"bot">) {
  const t = useTexts(conversationTexts);
  const { navigator } = useShell();
  const bot = useApiQuery<Bot>(path`/bots/${screen.botId}`);
  useScreenTitle(bot.data?.name);
  return (
    <div className="screen-content">
      <QueryView query={bot}>
        {(data) => (
          <div className="card list">
            <ListRow
              icon="messages"
              title={data.name}
              hint={plainText({ author: "bot", text: data.steps[0]?.text ?? "" })}
            />
          </div>
        )}
      </QueryView>
      <button
        type="button"
        className="button button--primary button--wide"
        onClick={() => navigator.replace({ name: "new-conversation" })}
      >
        {t("conversations.new")}
      </button>
    </div>
  );
}
