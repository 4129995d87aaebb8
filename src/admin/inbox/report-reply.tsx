import { type FormEvent, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { ReplyAttachments, ReplyBox, useReplyTools } from "../saved-replies/reply-tools.tsx";
import { Button } from "../shell/button.tsx";
import { runAction } from "../shell/overlay/run-action.ts";
import { inboxApi } from "./inbox-api.ts";
import type { ReportDetailView } from "./report-detail-view.ts";

/** The reply's text, its refusal, whether it is on its way, its tools, and the send. */
function useReportReply(
  report: ReportDetailView,
  onSent: (conversation: { id: string; shareToken: string }) => void,
) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const tools = useReplyTools({
    projectId: report.projectId,
    visitorName: report.reporter.name,
    text,
    setText,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { text: text.trim(), format: "markdown" as const, attachments: tools.attachments };
    if (body.text === "" && body.attachments.length === 0) {
      setError(t("inbox.reply.required"));
      return;
    }
    if (tools.uploading.length > 0) return;
    setError(null);
    setSending(true);
    const outcome = await runAction(() => inboxApi.reply(report.id, body), "inbox.reply.sent");
    setSending(false);
    if (outcome.ok) {
      setText("");
      tools.reset();
      onSent(outcome.value.conversation);
    }
  };

  return { text, setText, error, sending, tools, submit };
}

/**
 * A reply to the reporter (`POST /api/feedback/{id}/reply`): it lands in a conversation about the
 * report in the reporter's messenger, live when it is open. Without a widget session (a report sent
 * by a script) there is nobody to answer. Like the conversation's box: markdown, `/` for saved replies,
 * attachments.
 */
export function ReportReplyForm({
  report,
  onSent,
}: {
  report: ReportDetailView;
  onSent: (conversation: { id: string; shareToken: string }) => void;
}) {
  const { t } = useT();
  const { text, setText, error, sending, tools, submit } = useReportReply(report, onSent);

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
      <form className="field inbox-reply" noValidate onSubmit={submit}>
        <ReplyBox
          tools={tools}
          id="report-reply"
          label={t("inbox.section.reply")}
          text={text}
          onText={setText}
          name="text"
          rows={4}
          placeholder={t("inbox.reply.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "report-reply-error" : undefined}
        />
        <ReplyAttachments tools={tools} disabled={sending} />
        {error && (
          <p id="report-reply-error" className="field-error">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" disabled={sending || tools.uploading.length > 0}>
          {t("inbox.reply.send")}
        </Button>
      </form>
    </section>
  );
}
