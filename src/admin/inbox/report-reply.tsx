import { useState } from "react";
import { ReportReply as ReplySchema } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { fieldErrors } from "../shell/form/form-errors.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { inboxApi } from "./inbox-api.ts";
import type { ReportDetailView } from "./report-detail-view.ts";

/**
 * A reply to the reporter (`POST /api/feedback/{id}/reply`): it lands in a conversation about the
 * report in the reporter's messenger, live when it is open. Without a widget session (a report sent
 * by a script) there is nobody to answer.
 */
export function ReportReplyForm({
  report,
  onSent,
}: {
  report: ReportDetailView;
  onSent: (conversation: { id: string; shareToken: string }) => void;
}) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (!report.sessionId) {
    return (
      <section className="detail-card">
        <h2>{t("inbox.section.reply")}</h2>
        <p className="subtle">{t("inbox.reply.noSession")}</p>
      </section>
    );
  }

  return (
    <section className="detail-card">
      <h2>{t("inbox.section.reply")}</h2>
      {report.conversation && <p className="subtle">{t("inbox.reply.existing")}</p>}
      <form
        className="field inbox-reply"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const body = { text: text.trim() };
          if (fieldErrors(body, ReplySchema).text) {
            setError(t("inbox.reply.required"));
            return;
          }
          setError(null);
          setSending(true);
          const outcome = await runAction(() => inboxApi.reply(report.id, body), "inbox.reply.sent");
          setSending(false);
          if (outcome.ok) {
            setText("");
            onSent(outcome.value.conversation);
          }
        }}
      >
        <label htmlFor="report-reply" className="visually-hidden">
          {t("inbox.section.reply")}
        </label>
        <textarea
          id="report-reply"
          name="text"
          rows={4}
          maxLength={10_000}
          value={text}
          placeholder={t("inbox.reply.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "report-reply-error" : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id="report-reply-error" className="field-error">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" disabled={sending}>
          {t("inbox.reply.send")}
        </Button>
      </form>
    </section>
  );
}
