import { useT } from "../i18n/intl.ts";
import { BoxListbox } from "../shell/form/box-listbox.tsx";
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
    <BoxListbox
      popupClass="note-mentions-popup"
      hidden={!open}
      listId={`${id}-mentions`}
      label={t("notes.mentionList")}
      listClass="note-mentions-list"
      items={candidates}
      keyOf={(candidate) => candidate.id}
      optionId={(index) => `${id}-mention-${index}`}
      active={active}
      optionTestId="mention-option"
      onChoose={onChoose}
      onHover={onHover}
    >
      {(candidate) => <MentionLabel candidate={candidate} />}
    </BoxListbox>
  );
}
