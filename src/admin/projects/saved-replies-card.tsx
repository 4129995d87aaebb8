import { type FormEvent, useId, useState } from "react";
import {
  type SavedReply,
  SavedReplyWrite,
  savedReplyShortcutPattern,
} from "../../shared/saved-replies-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { forgetSavedReplies, savedRepliesApi } from "../saved-replies/saved-replies-api.ts";
import { SavedReplySummary } from "../saved-replies/saved-reply-summary.tsx";
import "../saved-replies/saved-reply-texts.ts";
import { Button } from "../shell/button.tsx";
import { fieldErrors } from "../shell/form/form-errors.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { RetryPanel } from "../shell/retry-panel.tsx";

type Editing = { kind: "new" } | { kind: "edit"; reply: SavedReply } | null;

/**
 * A project's saved replies (issue 24): the list by shortcut, each with edit and delete, and a form to
 * add one. What the reply boxes offer after `/` is read anew after every change here.
 */
export function SavedRepliesCard({ projectId }: { projectId: string }) {
  const { t } = useT();
  const { resource, reload, replace } = useResource(() => savedRepliesApi.list(projectId), projectId);
  const [editing, setEditing] = useState<Editing>(null);
  const items = resource.state === "ready" ? resource.data.items : [];

  const changed = (next: SavedReply[]) => {
    forgetSavedReplies(projectId);
    replace({ items: [...next].sort((a, b) => a.shortcut.localeCompare(b.shortcut)) });
  };

  const remove = (reply: SavedReply) =>
    confirmAction({
      type: "danger",
      heading: t("savedReplies.deleteHeading", { shortcut: reply.shortcut }),
      body: t("savedReplies.deleteBody"),
      confirmLabel: t("savedReplies.delete"),
      onConfirm: async () => {
        const outcome = await runAction(
          () => savedRepliesApi.remove(projectId, reply.id),
          "savedReplies.deleted",
        );
        if (outcome.ok) changed(items.filter((item) => item.id !== reply.id));
      },
    });

  return (
    <section
      className="detail-card settings-card"
      aria-labelledby="saved-replies-title"
      data-testid="saved-replies"
    >
      <div className="settings-card-head">
        <div>
          <h2 id="saved-replies-title" className="settings-card-title">
            {t("savedReplies.title")}
          </h2>
          <p className="subtle settings-card-lead">{t("savedReplies.intro")}</p>
        </div>
        {editing === null && resource.state === "ready" && (
          <Button size="sm" onClick={() => setEditing({ kind: "new" })} data-testid="saved-reply-add">
            {t("savedReplies.add")}
          </Button>
        )}
      </div>
      {resource.state === "loading" && (
        <p className="subtle" role="status">
          {t("savedReplies.loading")}
        </p>
      )}
      {resource.state === "error" && <RetryPanel error="savedReplies.error" onRetry={reload} />}
      {resource.state === "ready" && items.length === 0 && editing === null && (
        <p className="subtle">{t("savedReplies.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="saved-replies-list">
          {items.map((reply) =>
            editing?.kind === "edit" && editing.reply.id === reply.id ? null : (
              <li key={reply.id} className="saved-replies-item" data-testid="saved-reply-item">
                <div className="saved-replies-item-text">
                  <SavedReplySummary reply={reply} />
                </div>
                <div className="saved-replies-item-actions">
                  <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: "edit", reply })}>
                    {t("savedReplies.edit")}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => remove(reply)}>
                    {t("savedReplies.delete")}
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {editing && (
        <SavedReplyForm
          projectId={projectId}
          reply={editing.kind === "edit" ? editing.reply : null}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            changed([...items.filter((item) => item.id !== saved.id), saved]);
          }}
        />
      )}
    </section>
  );
}

function SavedReplyForm({
  projectId,
  reply,
  onCancel,
  onSaved,
}: {
  projectId: string;
  reply: SavedReply | null;
  onCancel: () => void;
  onSaved: (reply: SavedReply) => void;
}) {
  const { t } = useT();
  const id = useId();
  const [title, setTitle] = useState(reply?.title ?? "");
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? "");
  const [body, setBody] = useState(reply?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const write = { title: title.trim(), shortcut: shortcut.trim().toLowerCase(), body: body.trim() };
    if (!write.title || !write.shortcut || !write.body) return setError(t("savedReplies.required"));
    if (!savedReplyShortcutPattern.test(write.shortcut) || fieldErrors(write, SavedReplyWrite).shortcut)
      return setError(t("savedReplies.badShortcut"));
    setError(null);
    setBusy(true);
    const outcome = await runAction(
      () =>
        reply ? savedRepliesApi.update(projectId, reply.id, write) : savedRepliesApi.create(projectId, write),
      "savedReplies.saved",
    );
    setBusy(false);
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <form
      className="saved-reply-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      data-testid="saved-reply-form"
    >
      {reply && (
        <h3 className="settings-card-title">{t("savedReplies.editing", { shortcut: reply.shortcut })}</h3>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>{t("savedReplies.field.title")}</label>
        <input
          id={`${id}-title`}
          name="title"
          maxLength={100}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-shortcut`}>{t("savedReplies.field.shortcut")}</label>
        <input
          id={`${id}-shortcut`}
          name="shortcut"
          maxLength={32}
          autoCapitalize="none"
          spellCheck={false}
          value={shortcut}
          aria-describedby={`${id}-shortcut-hint`}
          onChange={(event) => setShortcut(event.target.value)}
        />
        <span className="subtle field-hint" id={`${id}-shortcut-hint`}>
          {t("savedReplies.hint.shortcut")}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>{t("savedReplies.field.body")}</label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          maxLength={10_000}
          value={body}
          aria-describedby={`${id}-body-hint`}
          onChange={(event) => setBody(event.target.value)}
        />
        <span className="subtle field-hint" id={`${id}-body-hint`}>
          {t("reply.formatHint")}
        </span>
      </div>
      {error && (
        <p className="form-error field-error" role="alert">
          {error}
        </p>
      )}
      <div className="saved-replies-item-actions">
        <Button type="submit" size="sm" disabled={busy} data-testid="saved-reply-save">
          {t("savedReplies.save")}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          {t("savedReplies.cancel")}
        </Button>
      </div>
    </form>
  );
}
