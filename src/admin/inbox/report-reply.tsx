import { type KeyboardEvent, useState } from "react";
import { useT } from "../i18n/intl.ts";
import {
  pickerBoxProps,
  ReplyAttachments,
  ReplyField,
  useReplyTools,
} from "../saved-replies/reply-tools.tsx";
import { Button } from "../shell/button.tsx";
import { runAction } from "../shell/overlay/run-action.ts";
import { inboxApi } from "./inbox-api.ts";
import type { ReportDetailView } from "./report-detail-view.ts";

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
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const tools = useReplyTools({
    projectId: report.projectId,
    visitorName: report.reporter.name,
    text,
    setText,
  });

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
        }}
      >
        <label htmlFor="report-reply" className="visually-hidden">
          {t("inbox.section.reply")}
        </label>
        <ReplyField tools={tools}>
          <textarea
            id="report-reply"
            name="text"
            rows={4}
            maxLength={10_000}
            value={text}
            placeholder={t("inbox.reply.placeholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "report-reply-error" : undefined}
            {...pickerBoxProps(tools)}
            onChange={(event) => {
              setText(event.target.value);
              tools.follow(event);
            }}
            onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => tools.keyDown(event)}
          />
        </ReplyField>
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
