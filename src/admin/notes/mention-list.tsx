import { useT } from "../i18n/intl.ts";
import type { MentionCandidate } from "./use-mention-list.ts";

/** An admin in the @ list: the display name first, then the nickname the mention is written with. */
function MentionLabel({ candidate }: { candidate: MentionCandidate }) {
  return (
    <>
      {candidate.name !== candidate.nickname && <span className="note-mention-name">{candidate.name} </span>}
      {`@${candidate.nickname}`}
    </>
  );
}

/**
 * The @ list under a note's text box (`{id}-mentions`, its options `{id}-mention-{index}`): the box
 * keeps the keyboard (aria-activedescendant); a click takes an entry, hovering one makes it the active.
 */
export function MentionList({
  id,
  open,
  candidates,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  open: boolean;
  candidates: readonly MentionCandidate[];
  active: number;
  onChoose: (candidate: MentionCandidate) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useT();
  return (
    // Pressing on the list must not blur the box first, or the list would close before the click.
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus; the box handles keys.
    <div className="note-mentions-popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
      <div
        id={`${id}-mentions`}
        role="listbox"
        aria-label={t("notes.mentionList")}
        className="note-mentions-list"
      >
        {candidates.map((candidate, index) => (
          // The keyboard stays in the box (aria-activedescendant), which takes one with Enter.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above; the option never takes focus.
          <div
            key={candidate.id}
            id={`${id}-mention-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            data-testid="mention-option"
            onClick={() => onChoose(candidate)}
            onMouseEnter={() => onHover(index)}
          >
            <MentionLabel candidate={candidate} />
          </div>
        ))}
      </div>
    </div>
  );
}
