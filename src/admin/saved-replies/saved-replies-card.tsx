import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import type { SavedReply } from "../../shared/saved-replies-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
// The card keeps the settings cards' look (projects.css) on the saved replies screen too.
import "../projects/project-styles.ts";
import { Button } from "../shell/button.tsx";
import { TitledCard } from "../shell/detail/titled-card.tsx";
import { useShownTogether } from "../shell/layout/shown-together.tsx";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { forgetSavedReplies, savedRepliesApi } from "./saved-replies-api.ts";
import { type CheckedSavedReply, checkSavedReply, type SavedReplyFields } from "./saved-reply-draft.ts";
import { SavedReplySummary } from "./saved-reply-summary.tsx";
import "./saved-reply-texts.ts";

type Editing = { kind: "new" } | { kind: "edit"; reply: SavedReply } | null;
type CheckedError = Extract<CheckedSavedReply, { ok: false }>["error"];

/**
 * A project's saved replies: the list by shortcut, each with edit and delete, and a form to add one.
 * What the reply boxes offer after `/` is read anew after every change here. Shown on the project's
 * settings page and on the saved replies screen (saved-replies-page.tsx), which names the project in
 * `heading`.
 */
export function SavedRepliesCard({ projectId, heading }: { projectId: string; heading?: string }) {
  const { t } = useT();
  const { resource, reload, replace } = useResource(() => savedRepliesApi.list(projectId), projectId);
  useShownTogether(resource.state !== "loading");
  const [editing, setEditing] = useState<Editing>(null);
  const items = resource.state === "ready" ? resource.data.items : [];

  const changed = (next: SavedReply[]) => {
    forgetSavedReplies(projectId);
    replace({ items: [...next].sort((a, b) => a.shortcut.localeCompare(b.shortcut)) });
  };

  return (
    <TitledCard
      id="saved-replies-title"
      className="settings-card"
      title={heading ?? t("savedReplies.title")}
      titleDir="auto"
      lead={t("savedReplies.intro")}
      testId="saved-replies"
      action={
        editing === null &&
        resource.state === "ready" && (
          <Button size="sm" onClick={() => setEditing({ kind: "new" })} data-testid="saved-reply-add">
            {t("savedReplies.add")}
          </Button>
        )
      }
    >
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
              <SavedReplyItem
                key={reply.id}
                projectId={projectId}
                reply={reply}
                onEdit={() => setEditing({ kind: "edit", reply })}
                onDeleted={() => changed(items.filter((item) => item.id !== reply.id))}
              />
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
    </TitledCard>
  );
}

/** One reply of the list, with its edit button and its delete after a confirmation. */
function SavedReplyItem({
  projectId,
  reply,
  onEdit,
  onDeleted,
}: {
  projectId: string;
  reply: SavedReply;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useT();
  const remove = () =>
    confirmRemoval({
      heading: t("savedReplies.deleteHeading", { shortcut: reply.shortcut }),
      body: t("savedReplies.deleteBody"),
      confirmLabel: t("savedReplies.delete"),
      remove: () => savedRepliesApi.remove(projectId, reply.id),
      done: "savedReplies.deleted",
      onRemoved: onDeleted,
    });
  return (
    <li className="saved-replies-item" data-testid="saved-reply-item">
      <div className="saved-replies-item-text">
        <SavedReplySummary reply={reply} />
      </div>
      <div className="saved-replies-item-actions">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t("savedReplies.edit")}
        </Button>
        <Button variant="secondary" size="sm" onClick={remove}>
          {t("savedReplies.delete")}
        </Button>
      </div>
    </li>
  );
}

/**
 * The form's fields as typed; on submit they are checked, then the reply is created or updated. Answers
 * what the form shows meanwhile.
 */
function useSavedReplyForm(
  projectId: string,
  reply: SavedReply | null,
  onSaved: (reply: SavedReply) => void,
) {
  const [fields, setFields] = useState<SavedReplyFields>({
    title: reply?.title ?? "",
    shortcut: reply?.shortcut ?? "",
    body: reply?.body ?? "",
  });
  const [error, setError] = useState<CheckedError | null>(null);
  const [busy, setBusy] = useState(false);
  const change =
    (name: keyof SavedReplyFields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setFields({ ...fields, [name]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSavedReply(fields);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setBusy(true);
    const { write } = checked;
    const outcome = await runAction(
      () =>
        reply ? savedRepliesApi.update(projectId, reply.id, write) : savedRepliesApi.create(projectId, write),
      "savedReplies.saved",
    );
    setBusy(false);
    if (outcome.ok) onSaved(outcome.value);
  };
  return { fields, change, submit, error, busy };
}

/** A labelled field of the reply's form, with its hint under it (`{id}-hint`) where it has one. */
function ReplyFormField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span className="subtle field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
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
  const { fields, change, submit, error, busy } = useSavedReplyForm(projectId, reply, onSaved);

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
      <ReplyFormField id={`${id}-title`} label={t("savedReplies.field.title")}>
        <input
          id={`${id}-title`}
          name="title"
          maxLength={100}
          dir="auto"
          value={fields.title}
          onChange={change("title")}
        />
      </ReplyFormField>
      <ReplyFormField
        id={`${id}-shortcut`}
        label={t("savedReplies.field.shortcut")}
        hint={t("savedReplies.hint.shortcut")}
      >
        <input
          id={`${id}-shortcut`}
          name="shortcut"
          maxLength={32}
          autoCapitalize="none"
          spellCheck={false}
          value={fields.shortcut}
          aria-describedby={`${id}-shortcut-hint`}
          onChange={change("shortcut")}
        />
      </ReplyFormField>
      <ReplyFormField id={`${id}-body`} label={t("savedReplies.field.body")} hint={t("reply.formatHint")}>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          maxLength={10_000}
          dir="auto"
          value={fields.body}
          aria-describedby={`${id}-body-hint`}
          onChange={change("body")}
        />
      </ReplyFormField>
      {error && (
        <p className="form-error field-error" role="alert">
          {t(error)}
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
