import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import type { Attachment } from "../../shared/conversations-api.ts";
import type { SavedReply } from "../../shared/saved-replies-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { BoxListbox } from "../shell/form/box-listbox.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { savedRepliesApi, savedRepliesOf } from "./saved-replies-api.ts";
import {
  fillPlaceholders,
  insertReply,
  matchingReplies,
  type SlashWord,
  slashWordAt,
} from "./saved-reply-search.ts";
import { SavedReplySummary } from "./saved-reply-summary.tsx";
import "./saved-reply-texts.ts";

/** What a reply may carry, as the server's upload path takes it (domain/uploads/upload-intake.ts). */
const acceptedTypes = "image/png,image/jpeg,image/gif,image/webp,video/webm,video/mp4";
const maxAttachments = 10;

/** The names with one `name` fewer: two uploads of one name each leave once. */
function withoutOne(names: string[], name: string): string[] {
  const at = names.indexOf(name);
  return at === -1 ? names : [...names.slice(0, at), ...names.slice(at + 1)];
}

export interface ReplyTools {
  box: RefObject<HTMLTextAreaElement | null>;
  listId: string;
  /** The `/` word being typed, and the replies that fit it (null until the project's list is read). */
  word: SlashWord | null;
  shown: SavedReply[] | null;
  active: number;
  setActive: (index: number) => void;
  choose: (reply: SavedReply) => void;
  close: () => void;
  /** Call from the box's onChange (after setting the text). */
  follow: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** Call first in the box's onKeyDown: true when the list took the key (Enter then does not send). */
  keyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  attachments: Attachment[];
  uploading: string[];
  attach: (files: FileList | null) => void;
  detach: (url: string) => void;
  /** After a reply went out: no attachments, no list. */
  reset: () => void;
}

/** Files attached to a reply through the visitors' upload path, and the names still uploading. */
function useAttachments(projectId: string) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState<string[]>([]);

  const attach = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (attachments.length + uploading.length + list.length > maxAttachments) {
      showToast({ type: "error", heading: "reply.tooManyAttachments" });
      return;
    }
    for (const file of list) {
      setUploading((names) => [...names, file.name]);
      savedRepliesApi
        .upload(projectId, file)
        .then(
          (attachment) => setAttachments((current) => [...current, attachment]),
          (failure: unknown) =>
            showToast({ type: "error", heading: "reply.attachFailed", body: apiErrorMessage(failure) }),
        )
        .finally(() => setUploading((names) => withoutOne(names, file.name)));
    }
  };
  const detach = (url: string) =>
    setAttachments((current) => current.filter((attachment) => attachment.url !== url));

  return { attachments, uploading, attach, detach, clear: () => setAttachments([]) };
}

/** The project's saved replies, read once the admin first types a `/` word (none while it fails). */
function useProjectReplies(projectId: string, word: SlashWord | null): SavedReply[] | null {
  const [replies, setReplies] = useState<{ projectId: string; items: SavedReply[] } | null>(null);
  const loaded = replies?.projectId === projectId ? replies.items : null;
  useEffect(() => {
    if (word === null || loaded !== null) return;
    let current = true;
    savedRepliesOf(projectId).then(
      (items) => current && setReplies({ projectId, items }),
      () => current && setReplies({ projectId, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [word, loaded, projectId]);
  return loaded;
}

/** The keys the saved-reply list takes from the box: true when it took the key. */
function listKeyDown(
  event: KeyboardEvent<HTMLTextAreaElement>,
  {
    shown,
    active,
    setActive,
    choose,
    close,
  }: {
    shown: SavedReply[] | null;
    active: number;
    setActive: (index: number) => void;
    choose: (reply: SavedReply) => void;
    close: () => void;
  },
): boolean {
  if (event.key === "Escape") {
    event.preventDefault();
    close();
    return true;
  }
  if (!shown || shown.length === 0) return false;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    setActive((active + step + shown.length) % shown.length);
    return true;
  }
  if (event.key === "Enter" || event.key === "Tab") {
    const reply = shown[active];
    if (!reply) return false;
    event.preventDefault();
    choose(reply);
    return true;
  }
  return false;
}

/**
 * What the reply boxes share: typing `/` at the start of a word lists the project's saved
 * replies (arrows move, Enter or Tab takes one, Escape closes), which come in with the visitor's name
 * filled in; and files attached through the visitors' upload path.
 */
export function useReplyTools({
  projectId,
  visitorName,
  text,
  setText,
}: {
  projectId: string;
  /** The visitor's own name for the placeholders; null when unknown. */
  visitorName: string | null;
  text: string;
  setText: (text: string) => void;
}): ReplyTools {
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [word, setWord] = useState<SlashWord | null>(null);
  const [active, setActive] = useState(0);
  const { clear, ...files } = useAttachments(projectId);
  const loaded = useProjectReplies(projectId, word);
  const shown = word && loaded ? matchingReplies(loaded, word.query) : null;

  const close = () => setWord(null);
  const choose = (reply: SavedReply) => {
    const field = box.current;
    if (!word) return;
    const next = insertReply(text, word, fillPlaceholders(reply.body, visitorName));
    // In the field before this handler returns, the caret with it (see use-mention-list.ts).
    flushSync(() => {
      setText(next.text);
      setWord(null);
    });
    field?.focus();
    field?.setSelectionRange(next.caret, next.caret);
  };

  return {
    box,
    listId,
    word,
    shown,
    active,
    setActive,
    choose,
    close,
    follow: (event) => {
      setWord(slashWordAt(event.target.value, event.target.selectionStart));
      setActive(0);
    },
    keyDown: (event) =>
      word !== null &&
      !event.nativeEvent.isComposing &&
      listKeyDown(event, { shown, active, setActive, choose, close }),
    ...files,
    reset: () => {
      clear();
      setWord(null);
    },
  };
}

/** The box's combobox attributes, for the textarea the list belongs to. */
export function pickerBoxProps(tools: ReplyTools) {
  const open = tools.word !== null && tools.shown !== null;
  return {
    ref: tools.box,
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": open,
    "aria-controls": tools.listId,
    "aria-activedescendant":
      open && tools.shown && tools.shown.length > 0 ? `${tools.listId}-${tools.active}` : undefined,
    onSelect: (event: { currentTarget: HTMLTextAreaElement }) => {
      const field = event.currentTarget;
      const word = slashWordAt(field.value, field.selectionStart);
      if (word === null && tools.word !== null) tools.close();
    },
    onBlur: () => tools.close(),
  };
}

/**
 * The textarea with the saved-reply list above it. The list keeps the focus in the box
 * (aria-activedescendant), so typing goes on narrowing it.
 */
export function ReplyField({ tools, children }: { tools: ReplyTools; children: ReactNode }) {
  const { t } = useT();
  const open = tools.word !== null && tools.shown !== null;
  const shown = tools.shown ?? [];
  return (
    <div className="reply-field">
      {children}
      <BoxListbox
        popupClass="saved-reply-popup"
        hidden={!open}
        popupTestId="saved-reply-picker"
        listId={tools.listId}
        label={t("savedReplies.picker")}
        listClass="saved-reply-list"
        items={shown}
        keyOf={(reply) => reply.id}
        optionId={(index) => `${tools.listId}-${index}`}
        active={tools.active}
        optionTestId="saved-reply-option"
        onChoose={tools.choose}
        onHover={tools.setActive}
        after={
          open &&
          shown.length === 0 && (
            <p className="saved-reply-none subtle" role="status">
              {tools.word?.query
                ? t("savedReplies.pickerEmpty", { query: tools.word.query })
                : t("savedReplies.pickerNone")}
            </p>
          )
        }
      >
        {(reply) => <SavedReplySummary reply={reply} />}
      </BoxListbox>
    </div>
  );
}

/**
 * A reply's labelled text box (the label for screen readers only) inside its saved-reply list: typing
 * follows the `/` word, and the list takes its keys first (`onKeyDown` after it, where given).
 */
export function ReplyBox({
  tools,
  id,
  label,
  text,
  onText,
  onKeyDown = tools.keyDown,
  ...box
}: {
  tools: ReplyTools;
  id: string;
  label: string;
  text: string;
  onText: (text: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value" | "onChange" | "onKeyDown">) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <ReplyField tools={tools}>
        <textarea
          id={id}
          maxLength={10_000}
          value={text}
          {...box}
          {...pickerBoxProps(tools)}
          onChange={(event) => {
            onText(event.target.value);
            tools.follow(event);
          }}
          onKeyDown={onKeyDown}
        />
      </ReplyField>
    </>
  );
}

/** Attached files as removable chips, the attach button and what the box understands. */
export function ReplyAttachments({ tools, disabled = false }: { tools: ReplyTools; disabled?: boolean }) {
  const { t } = useT();
  const inputId = useId();
  return (
    <div className="reply-extras">
      {(tools.attachments.length > 0 || tools.uploading.length > 0) && (
        <ul className="reply-attachments" aria-live="polite">
          {tools.attachments.map((attachment) => (
            <li key={attachment.url} className="reply-attachment" data-testid="reply-attachment">
              <span className="one-line" dir="auto">
                {attachment.name}
              </span>
              <button
                type="button"
                className="reply-attachment-remove"
                aria-label={t("reply.removeAttachment", { name: attachment.name })}
                onClick={() => tools.detach(attachment.url)}
              >
                ×
              </button>
            </li>
          ))}
          {tools.uploading.map((name, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name.
            <li key={`${name}-${index}`} className="reply-attachment subtle" role="status">
              {t("reply.attaching", { name })}
            </li>
          ))}
        </ul>
      )}
      <div className="reply-tools-row">
        <label
          htmlFor={inputId}
          className={`reply-attach ${buttonClass({ variant: "secondary", size: "sm" })}`}
          aria-disabled={disabled}
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m21.4 11.1-8.5 8.5a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" />
          </svg>
          {t("reply.attach")}
        </label>
        <input
          id={inputId}
          type="file"
          className="visually-hidden"
          accept={acceptedTypes}
          multiple
          disabled={disabled}
          title={t("reply.attachmentTypes")}
          data-testid="reply-attach"
          onChange={(event) => {
            tools.attach(event.target.files);
            event.target.value = "";
          }}
        />
        <span className="reply-format-hint subtle">{t("reply.formatHint")}</span>
      </div>
    </div>
  );
}
