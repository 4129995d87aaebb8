import {
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { Attachment } from "../../shared/conversations-api.ts";
import { Icon } from "../shell/icons.tsx";
import { useShell, useShellTexts, useTexts } from "../shell/shell-api.ts";
import { ContentIcon } from "./content-icons.tsx";
import { conversationTexts } from "./conversation-texts.ts";
import {
  attachmentTypes,
  fileProblem,
  isImage,
  isVideo,
  maxAttachments,
  type PendingFile,
  type UploadError,
  type UploadHandle,
  uploads,
  uploadTargetOf,
} from "./uploads.ts";

let nextFileId = 1;

const objectUrl = (file: File) => {
  if (!isImage(file.type) && !isVideo(file.type)) return null;
  try {
    return typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
};
const revoke = (url: string | null) => {
  try {
    if (url && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
  } catch {
    // Nothing to give back.
  }
};

export interface AttachmentsState {
  files: PendingFile[];
  /** What the last added files could not be (wrong type, too large, too many), worded. */
  problem: string | null;
  add(files: File[]): void;
  remove(id: string): void;
  retry(id: string): void;
  /** Takes the uploaded files out (they go with a message); failed ones stay. */
  takeReady(): Attachment[];
  uploading: boolean;
}

/**
 * Files the visitor attaches: checked against the server's allow-list and limits first, then each
 * uploaded at once with its progress; the message waits until every upload has finished.
 */
export function useAttachments(): AttachmentsState {
  const t = useTexts(conversationTexts);
  const { store } = useShell();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const handles = useRef(new Map<string, UploadHandle>());
  const filesRef = useRef(files);
  filesRef.current = files;

  const update = useCallback((id: string, change: Partial<PendingFile>) => {
    setFiles((old) => old.map((file) => (file.id === id ? { ...file, ...change } : file)));
  }, []);

  const start = useCallback(
    (pending: PendingFile) => {
      const target = uploadTargetOf(store.get());
      if (!target) {
        update(pending.id, { status: "failed", error: null });
        return;
      }
      const handle = uploads.start(target, pending.file, (fraction) =>
        update(pending.id, { progress: fraction }),
      );
      handles.current.set(pending.id, handle);
      handle.done.then(
        (url) => {
          handles.current.delete(pending.id);
          update(pending.id, {
            status: "done",
            progress: 1,
            attachment: { url, name: pending.file.name || "file", type: pending.file.type },
          });
        },
        (error: UploadError) => {
          handles.current.delete(pending.id);
          if (error?.kind === "aborted") return;
          update(pending.id, { status: "failed", error });
        },
      );
    },
    [store, update],
  );

  const add = useCallback(
    (added: File[]) => {
      const problems: string[] = [];
      const accepted: PendingFile[] = [];
      let room = maxAttachments - filesRef.current.length;
      for (const file of added) {
        const why = fileProblem(file);
        if (why === "type") problems.push(t("conversation.typeNotAllowed", { name: file.name }));
        else if (why === "size") problems.push(t("conversation.tooLarge", { name: file.name }));
        else if (room <= 0) {
          problems.push(t("conversation.tooMany"));
          break;
        } else {
          room--;
          accepted.push({
            id: `file-${nextFileId++}`,
            file,
            preview: objectUrl(file),
            progress: 0,
            status: "uploading",
            attachment: null,
            error: null,
          });
        }
      }
      setProblem(problems.length > 0 ? problems.join(" ") : null);
      if (accepted.length === 0) return;
      setFiles((old) => [...old, ...accepted]);
      for (const pending of accepted) start(pending);
    },
    [start, t],
  );

  const remove = useCallback((id: string) => {
    handles.current.get(id)?.abort();
    handles.current.delete(id);
    setFiles((old) => {
      revoke(old.find((file) => file.id === id)?.preview ?? null);
      return old.filter((file) => file.id !== id);
    });
    setProblem(null);
  }, []);

  const retry = useCallback(
    (id: string) => {
      const pending = filesRef.current.find((file) => file.id === id);
      if (!pending) return;
      update(id, { status: "uploading", progress: 0, error: null });
      start(pending);
    },
    [start, update],
  );

  const takeReady = useCallback(() => {
    const ready = filesRef.current.filter((file) => file.status === "done" && file.attachment);
    for (const file of ready) revoke(file.preview);
    setFiles((old) => old.filter((file) => !ready.some((taken) => taken.id === file.id)));
    setProblem(null);
    return ready.map((file) => file.attachment as Attachment);
  }, []);

  useEffect(
    () => () => {
      for (const handle of handles.current.values()) handle.abort();
      for (const file of filesRef.current) revoke(file.preview);
    },
    [],
  );

  return {
    files,
    problem,
    add,
    remove,
    retry,
    takeReady,
    uploading: files.some((file) => file.status === "uploading"),
  };
}

/** Why an upload failed, in the visitor's words. */
function useFailureText() {
  const t = useTexts(conversationTexts);
  const shellText = useShellTexts();
  return (file: PendingFile) => {
    const error = file.error;
    const reason =
      !error || error.kind === "offline"
        ? shellText("state.offline")
        : error.kind === "too-large"
          ? t("conversation.tooLarge", { name: file.file.name })
          : error.kind === "type"
            ? t("conversation.typeNotAllowed", { name: file.file.name })
            : error.kind === "too-many"
              ? t("conversation.tooFast")
              : error.message;
    return t("conversation.uploadFailed", { reason });
  };
}

function FileChip({ file, attachments }: { file: PendingFile; attachments: AttachmentsState }) {
  const t = useTexts(conversationTexts);
  const failureText = useFailureText();
  const percent = Math.round(file.progress * 100);
  return (
    <li className={`file-chip file-chip--${file.status}`} data-testid="file-chip" data-status={file.status}>
      <span className="file-thumb">
        {file.preview && isImage(file.file.type) ? (
          <img src={file.preview} alt="" />
        ) : (
          <ContentIcon name={isVideo(file.file.type) ? "video" : "file"} size={18} />
        )}
      </span>
      <span className="file-text">
        <span className="file-name one-line" dir="auto">
          {file.file.name}
        </span>
        {file.status === "uploading" && (
          <>
            <span
              className="progress file-progress"
              role="progressbar"
              aria-label={file.file.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className="progress-bar" style={{ width: `${percent}%` }} />
            </span>
            <span className="visually-hidden">{t("conversation.uploading", { percent })}</span>
          </>
        )}
        {file.status === "done" && <span className="file-hint">{t("conversation.uploaded")}</span>}
        {file.status === "failed" && (
          <span className="file-hint file-hint--failed" role="alert">
            {failureText(file)}{" "}
            <button type="button" className="link-button" onClick={() => attachments.retry(file.id)}>
              {t("conversation.retry")}
            </button>
          </span>
        )}
      </span>
      <button
        type="button"
        className="icon-button file-remove"
        aria-label={t("conversation.remove", { name: file.file.name })}
        title={t("conversation.remove", { name: file.file.name })}
        onClick={() => attachments.remove(file.id)}
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

export interface ComposerProps {
  /** Where the unsent text is kept (sessionStorage), so it survives Back and closing the widget. */
  draftKey: string;
  attachments: AttachmentsState;
  /** Sends; the composer has already cleared itself. */
  onSend(message: { text: string; attachments: Attachment[] }): void;
  /** The visitor typed (for the typing signal). */
  onTyping?(): void;
  /** Nothing can be sent now (a new conversation on its way). */
  busy?: boolean;
  autoFocus?: boolean;
}

function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function writeDraft(key: string, text: string) {
  try {
    if (text) window.sessionStorage.setItem(key, text);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage refused: the text stays in the field for this visit.
  }
}

/** The message field: text, attachments (button, paste, drop), Enter sends, Shift+Enter a new line. */
export function Composer({
  draftKey,
  attachments,
  onSend,
  onTyping,
  busy = false,
  autoFocus = false,
}: ComposerProps) {
  const t = useTexts(conversationTexts);
  const [text, setText] = useState(() => readDraft(draftKey));
  const [waiting, setWaiting] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const ready = attachments.files.filter((file) => file.status === "done");
  const canSend = !busy && !attachments.uploading && (text.trim() !== "" || ready.length > 0);

  // The field grows with its text, up to six lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measures again on every change of the text
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, 150)}px`;
  }, [text]);

  useEffect(() => {
    if (autoFocus) field.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  useEffect(() => {
    if (!attachments.uploading) setWaiting(false);
  }, [attachments.uploading]);

  const change = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    writeDraft(draftKey, event.target.value);
    if (event.target.value.trim() !== "") onTyping?.();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (attachments.uploading) {
      setWaiting(true);
      return;
    }
    if (!canSend) return;
    const sent = { text: text.trim(), attachments: attachments.takeReady() };
    setText("");
    writeDraft(draftKey, "");
    onSend(sent);
    field.current?.focus({ preventScroll: true });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length > 0) attachments.add(files);
  };

  return (
    <form className="composer" onSubmit={submit} data-testid="composer">
      {attachments.files.length > 0 && (
        <ul className="composer-files">
          {attachments.files.map((file) => (
            <FileChip key={file.id} file={file} attachments={attachments} />
          ))}
        </ul>
      )}
      {attachments.problem && (
        <p className="composer-problem" role="alert" data-testid="composer-problem">
          <Icon name="alert" size={14} />
          {attachments.problem}
        </p>
      )}
      {waiting && (
        <p className="composer-hint" role="status">
          {t("conversation.waitForUploads")}
        </p>
      )}
      <div className="composer-box">
        <label className="visually-hidden" htmlFor="composer-text">
          {t("conversation.message")}
        </label>
        <textarea
          id="composer-text"
          ref={field}
          className="composer-input"
          rows={1}
          dir="auto"
          value={text}
          placeholder={t("conversation.placeholder")}
          aria-describedby="composer-hint"
          onChange={change}
          onKeyDown={keyDown}
          onPaste={paste}
        />
        <span id="composer-hint" className="visually-hidden">
          {t("conversation.enterHint")}
        </span>
        <button
          type="button"
          className="icon-button composer-attach"
          aria-label={t("conversation.attach")}
          title={t("conversation.attach")}
          onClick={() => picker.current?.click()}
        >
          <ContentIcon name="paperclip" size={20} />
        </button>
        <input
          ref={picker}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          multiple
          accept={attachmentTypes.join(",")}
          onChange={picked}
          data-testid="composer-file"
        />
        <button
          type="submit"
          className="send-button"
          aria-label={t("conversation.send")}
          title={t("conversation.send")}
          disabled={!canSend}
          data-testid="composer-send"
        >
          <Icon name="send" size={18} />
        </button>
      </div>
    </form>
  );
}
