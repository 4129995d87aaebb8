import { useCallback, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { noteParts } from "../../shared/note-mentions.ts";
import type { NoteTarget, StaffNote } from "../../shared/staff-notes-api.ts";
import { refreshAlertCounts } from "../alerts/use-alert-feed.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { registerMessages, useT } from "../i18n/intl.ts";
import { adoptStyles } from "../inbox/area-styles.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { sessionState } from "../session/session-store.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { NoteComposer } from "./note-composer.tsx";
import { noteMessagesDe, noteMessagesEnUS } from "./note-messages.ts";
import notesCss from "./notes.css" with { type: "text" };
import { notesApi } from "./notes-api.ts";
import { notesAfterPush } from "./notes-live.ts";

// Both areas that show notes (the report page, conversations) load this chunk before it renders.
registerMessages(noteMessagesEnUS, noteMessagesDe);
adoptStyles(notesCss);

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; notes: readonly StaffNote[] };

/** The note's text as text, its mentions set apart. */
function NoteText({ note }: { note: StaffNote }) {
  const parts = noteParts(
    note.text,
    note.mentions.map((mention) => mention.nickname),
  );
  return (
    <p className="note-text" dir="auto">
      {parts.map((part, index) =>
        part.kind === "mention" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are a fixed cut of one text.
          <strong key={index} className="note-mention">
            {part.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are a fixed cut of one text.
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function NoteItem({ note, mine }: { note: StaffNote; mine: boolean }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);

  const save = async (text: string) => {
    try {
      await notesApi.edit(note.id, text);
      setEditing(false);
      return true;
    } catch (failure) {
      showToast({ type: "error", heading: "notes.saveFailed", body: apiErrorMessage(failure) });
      return false;
    }
  };

  const remove = () =>
    confirmAction({
      heading: "notes.deleteHeading",
      confirmLabel: "notes.delete",
      type: "danger",
      onConfirm: () =>
        notesApi.remove(note.id).catch((failure: unknown) => {
          showToast({ type: "error", heading: "notes.deleteFailed", body: apiErrorMessage(failure) });
        }),
    });

  return (
    <li className="note" data-testid="staff-note">
      <div className="note-meta">
        <span className="note-label">{t("notes.label")}</span>
        <span className="note-author">{note.author.name}</span>
        <TimeAgo value={note.createdAt} />
        {note.updatedAt && <span className="subtle">{t("notes.edited")}</span>}
      </div>
      {editing ? (
        <NoteComposer
          initial={note.text}
          submitLabel={t("notes.save")}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : (
        <NoteText note={note} />
      )}
      {mine && !editing && (
        <div className="note-actions">
          <Button variant="tertiary" size="sm" onClick={() => setEditing(true)}>
            {t("notes.edit")}
          </Button>
          <Button variant="tertiary" size="sm" onClick={remove}>
            {t("notes.delete")}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The internal notes of a report or a conversation and the box to write one: staff only, shown
 * apart from anything the visitor sees. Live: notes other admins write, change or delete arrive over
 * the staff socket. Loading them is opening the item, so this admin's mentions here stop counting.
 */
export function StaffNotes({ target, variant }: { target: NoteTarget; variant: "card" | "pane" }) {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const { kind, id, projectId } = target;

  const load = useCallback(() => {
    notesApi.list({ kind, id, projectId } as NoteTarget).then(
      (notes) => {
        setLoaded({ state: "ready", notes });
        refreshAlertCounts();
      },
      () => setLoaded({ state: "failed" }),
    );
  }, [kind, id, projectId]);

  // The pane under a conversation opens by itself when there are notes, and then as the admin left it.
  const [paneOpen, setPaneOpen] = useState<boolean | null>(null);
  useEffect(() => {
    setLoaded({ state: "loading" });
    setPaneOpen(null);
    load();
  }, [load]);

  useStaffPush((push) => {
    if (push.name !== "staff-note") return;
    setLoaded((current) =>
      current.state === "ready"
        ? { ...current, notes: notesAfterPush(current.notes, target, push.data) }
        : current,
    );
    // A mention here while the admin looks at it is seen at once.
    if (push.data.alerted.includes(user?.id ?? "") && push.data.note.target.id === id) load();
  }, load);

  const add = async (text: string) => {
    try {
      const note = await notesApi.add(target, text);
      setLoaded((current) =>
        current.state === "ready"
          ? {
              ...current,
              notes: notesAfterPush(current.notes, target, { action: "added", note, alerted: [] }),
            }
          : current,
      );
      return true;
    } catch (failure) {
      showToast({ type: "error", heading: "notes.saveFailed", body: apiErrorMessage(failure) });
      return false;
    }
  };

  const count = loaded.state === "ready" ? loaded.notes.length : 0;
  const body = (
    <>
      <p className="subtle note-hint">{t("notes.hint")}</p>
      {loaded.state === "failed" && (
        <p className="note-status" role="alert">
          {t("notes.loadFailed")}{" "}
          <Button variant="tertiary" size="sm" onClick={load}>
            {t("notes.retry")}
          </Button>
        </p>
      )}
      {loaded.state === "ready" && loaded.notes.length === 0 && (
        <p className="note-status subtle">{t("notes.empty")}</p>
      )}
      {loaded.state === "ready" && loaded.notes.length > 0 && (
        <ol className="note-list" aria-live="polite">
          {loaded.notes.map((note) => (
            <NoteItem key={note.id} note={note} mine={note.author.id === user?.id} />
          ))}
        </ol>
      )}
      <NoteComposer submitLabel={t("notes.add")} onSubmit={add} />
    </>
  );

  if (variant === "pane") {
    return (
      <details
        className="staff-notes staff-notes-pane"
        data-testid="staff-notes"
        open={paneOpen ?? count > 0}
        onToggle={(event) => setPaneOpen(event.currentTarget.open)}
      >
        <summary>{t("notes.titleCount", { count })}</summary>
        {body}
      </details>
    );
  }
  return (
    <section
      className="detail-card staff-notes"
      aria-labelledby="staff-notes-title"
      data-testid="staff-notes"
    >
      <h2 id="staff-notes-title">{t("notes.titleCount", { count })}</h2>
      {body}
    </section>
  );
}
