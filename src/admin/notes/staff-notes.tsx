import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { noteParts } from "../../shared/note-mentions.ts";
import type { NoteTarget, StaffNote } from "../../shared/staff-notes-api.ts";
import { refreshAlertCounts } from "../alerts/use-alert-feed.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { registerMessages, useT } from "../i18n/intl.ts";
import { useInboxKeys } from "../inbox/use-inbox-keys.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { sessionState } from "../session/session-store.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import composerPopupCss from "../shell/form/composer-popup.css" with { type: "text" };
import composerTextBoxCss from "../shell/form/composer-text-box.css" with { type: "text" };
import gridStacksCss from "../shell/layout/grid-stacks.css" with { type: "text" };
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { RetryLine } from "../shell/retry-panel.tsx";
import { NoteComposer } from "./note-composer.tsx";
import { noteMessagesDe, noteMessagesEnUS } from "./note-messages.ts";
import notesCss from "./notes.css" with { type: "text" };
import { notesApi } from "./notes-api.ts";
import { notesAfterPush } from "./notes-live.ts";

// Both areas that show notes (the report page, conversations) load this chunk before it renders.
registerMessages(noteMessagesEnUS, noteMessagesDe);
adoptStyles(composerPopupCss);
adoptStyles(composerTextBoxCss);
adoptStyles(gridStacksCss);
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

/** The notes as loaded: a line while they load, a way to try again when reading failed, "none yet", or the list. */
function NoteList({ loaded, userId, onRetry }: { loaded: Loaded; userId?: string; onRetry: () => void }) {
  const { t } = useT();
  if (loaded.state === "failed")
    return (
      <RetryLine
        className="note-status"
        error="notes.loadFailed"
        retry="notes.retry"
        variant="tertiary"
        onRetry={onRetry}
      />
    );
  // A line in the place "none yet" will take, so the composer below stays where it came.
  if (loaded.state !== "ready")
    return (
      <p className="note-status subtle" role="status">
        {t("notes.loading")}
      </p>
    );
  if (loaded.notes.length === 0) return <p className="note-status subtle">{t("notes.empty")}</p>;
  return (
    <ol className="note-list" aria-live="polite">
      {loaded.notes.map((note) => (
        <NoteItem key={note.id} note={note} mine={note.author.id === userId} />
      ))}
    </ol>
  );
}

/** The key that opens the notes, shown beside their title. */
function NotesKeyHint() {
  const { t } = useT();
  return (
    <kbd className="notes-key" title={t("notes.keyHint")}>
      n
    </kbd>
  );
}

/**
 * `n` (inbox-keys.ts) on a report's page or a conversation: `open` opens the notes (a folded pane),
 * then the focus goes into the box for a new note. Answers the ref for the notes' element.
 */
function useNotesKey(open: () => void) {
  const root = useRef<HTMLElement & HTMLDetailsElement>(null);
  useInboxKeys({
    notes: () => {
      open();
      requestAnimationFrame(() => {
        const boxes = root.current?.querySelectorAll<HTMLTextAreaElement>("[data-testid='note-text']");
        const box = boxes?.[boxes.length - 1];
        box?.focus();
        box?.scrollIntoView({ block: "nearest" });
      });
    },
  });
  return root;
}

/**
 * The notes of `target`, read again when it changes or a mention of this admin (`userId`) arrives
 * there, kept live from the staff socket; `add` writes one (answers whether it went through).
 */
function useTargetNotes(target: NoteTarget, userId: string | undefined) {
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

  useEffect(() => {
    setLoaded({ state: "loading" });
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
    if (push.data.alerted.includes(userId ?? "") && push.data.note.target.id === id) load();
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

  return { loaded, load, add };
}

/**
 * The internal notes of a report or a conversation and the box to write one: staff only, shown
 * apart from anything the visitor sees. Live: notes other admins write, change or delete arrive over
 * the staff socket. Loading them is opening the item, so this admin's mentions here stop counting.
 */
export function StaffNotes({ target, variant }: { target: NoteTarget; variant: "card" | "pane" }) {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  const { loaded, load, add } = useTargetNotes(target, user?.id);
  // The pane under a conversation opens by itself when there are notes, and then as the admin left it.
  const [paneOpen, setPaneOpen] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another target (a new `load`) starts the pane over.
  useEffect(() => setPaneOpen(null), [load]);

  const root = useNotesKey(() => variant === "pane" && setPaneOpen(true));
  const count = loaded.state === "ready" ? loaded.notes.length : 0;
  const body = (
    <>
      <p className="subtle note-hint">{t("notes.hint")}</p>
      <NoteList loaded={loaded} userId={user?.id} onRetry={load} />
      <NoteComposer submitLabel={t("notes.add")} onSubmit={add} />
    </>
  );

  if (variant === "pane") {
    return (
      <details
        ref={root}
        className="staff-notes staff-notes-pane"
        data-testid="staff-notes"
        open={paneOpen ?? count > 0}
        onToggle={(event) => setPaneOpen(event.currentTarget.open)}
      >
        <summary aria-keyshortcuts="n">
          {t("notes.titleCount", { count })} <NotesKeyHint />
        </summary>
        {body}
      </details>
    );
  }
  return (
    <section
      ref={root}
      className="detail-card staff-notes"
      aria-labelledby="staff-notes-title"
      aria-keyshortcuts="n"
      data-testid="staff-notes"
    >
      <h2 id="staff-notes-title">
        {t("notes.titleCount", { count })} <NotesKeyHint />
      </h2>
      {body}
    </section>
  );
}
