import { type FormEvent, useState } from "react";
import type { Conversation } from "../../shared/messenger-api.ts";
import {
  type ApiError,
  ErrorState,
  type ScreenProps,
  toApiError,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { conversationTexts } from "./conversation-texts.ts";

/** Placeholder (the new-conversation screen replaces it): a first message starts a conversation. */
export default function NewConversationScreen(_: ScreenProps<"new-conversation">) {
  const t = useTexts(conversationTexts);
  const { api, navigator, queries } = useShell();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const conversation = await api.post<Conversation>("/conversations", { text: text.trim() });
      queries.invalidate("/conversations");
      queries.invalidate("/messenger/home");
      navigator.replace({ name: "conversation", shareToken: conversation.shareToken });
    } catch (failure) {
      setError(toApiError(failure));
      setSending(false);
    }
  };
  return (
    <form className="screen-content" onSubmit={submit}>
      <label className="field-label" htmlFor="new-conversation-text">
        {t("conversations.message")}
      </label>
      <textarea
        id="new-conversation-text"
        className="input"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error && <ErrorState error={error} />}
      <button
        type="submit"
        className="button button--primary button--wide"
        disabled={sending || !text.trim()}
      >
        {t("conversations.send")}
      </button>
    </form>
  );
}
