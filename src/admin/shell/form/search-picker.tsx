import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import { adoptStyles } from "../area-styles.ts";
import type { MessagePrefix } from "../message-prefix.ts";
import { BoxListbox } from "./box-listbox.tsx";
import type { FieldControlProps } from "./form-field.tsx";
import searchPickerCss from "./search-picker.css" with { type: "text" };
import type { PickerOption, PickerPage } from "./search-picker-state.ts";
import { useSearchPicker } from "./use-search-picker.ts";

// A lazy chunk's sheet, adopted when the screen loads: kept out of the sign-in route's stylesheet.
adoptStyles(searchPickerCss);

/** The message prefixes with a record picker's texts (the records' list screen has the others). */
type SearchPickerPrefix = MessagePrefix<".picker.placeholder", ".title" | ".empty" | ".error">;

/**
 * The texts of one use of the picker, from its records' `messages` prefix: the placeholder
 * `{messages}.picker.placeholder`, the list's accessible name `.title`, `.empty` when there is nothing
 * at all to choose from and `.error`; "searching", "no match" and "type more" are the shell's own.
 */
function searchPickerTexts(messages: SearchPickerPrefix) {
  return {
    placeholder: `${messages}.picker.placeholder`,
    listLabel: `${messages}.title`,
    empty: `${messages}.empty`,
    error: `${messages}.error`,
  } satisfies Record<string, MessageId>;
}

type SearchPickerTexts = ReturnType<typeof searchPickerTexts>;

/** What a form or a filter gives a record picker: its field's control props, name, chosen id and change. */
export interface PickerFieldProps {
  control: FieldControlProps;
  name: string;
  value: string;
  /** The chosen record's name when the caller has it; otherwise the picker looks it up. */
  selectedName?: string;
  onChange: (option: PickerOption | null) => void;
}

/**
 * A choice that scales to any number of records: a combobox (ARIA 1.2 pattern) whose list is the first
 * matches of what the admin types, from `search`. The input shows the chosen record's name; leaving it
 * without picking another keeps the choice. `fixedOptions` ("Any", "Without category") come first
 * while nothing is typed; picking one with an empty id clears the choice.
 */
export function SearchPicker({
  control,
  name,
  value,
  selectedName,
  fixedOptions = [],
  search,
  lookup,
  messages,
  onChange,
}: PickerFieldProps & {
  fixedOptions?: readonly PickerOption[];
  search: (text: string) => Promise<PickerPage>;
  lookup: (id: string) => Promise<string>;
  messages: SearchPickerPrefix;
}) {
  const tr = useT();
  const texts = searchPickerTexts(messages);
  const { t } = tr;
  const picker = useSearchPicker({ value, selectedName, fixedOptions, search, lookup, onChange });
  const { listId, open, highlight } = picker;

  return (
    <div className="search-picker">
      <input
        {...control}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
        placeholder={t(texts.placeholder)}
        value={open ? picker.text : picker.shownName}
        onFocus={(event) => {
          picker.openList();
          event.currentTarget.select();
        }}
        onClick={() => {
          if (!open) picker.openList();
        }}
        onBlur={picker.close}
        onChange={(event) => picker.type(event.target.value)}
        onKeyDown={picker.onKeyDown}
      />
      {open && (
        <PickerPopup
          listId={listId}
          options={picker.options}
          value={value}
          highlight={highlight}
          label={t(texts.listLabel)}
          note={pickerNote(tr, texts, picker)}
          onPick={picker.pick}
          onHighlight={picker.setHighlight}
        />
      )}
    </div>
  );
}

/** What the open list says under its entries: searching, failed, nothing found, or how many more. */
function pickerNote(
  { t, formatNumber }: Translator,
  texts: SearchPickerTexts,
  {
    waiting,
    results,
    found,
    search,
  }: { waiting: boolean; results: Resource<PickerPage | null>; found: PickerOption[]; search: string },
): string | null {
  const total = results.state === "ready" && results.data ? results.data.total : 0;
  if (waiting || results.state === "loading") return t("picker.searching");
  if (results.state === "error") return t(texts.error);
  if (found.length === 0) return search ? t("picker.none", { text: search }) : t(texts.empty);
  if (total > found.length) return t("picker.more", { shown: found.length, total: formatNumber(total) });
  return null;
}

/** The open list of a {@link SearchPicker}: its options (the input keeps the keyboard) and a note. */
function PickerPopup({
  listId,
  options,
  value,
  highlight,
  label,
  note,
  onPick,
  onHighlight,
}: {
  listId: string;
  options: PickerOption[];
  value: string;
  highlight: number;
  label: string;
  note: string | null;
  onPick: (option: PickerOption) => void;
  onHighlight: (index: number) => void;
}) {
  return (
    <BoxListbox
      popupClass="search-picker-popup"
      listId={listId}
      label={label}
      listClass="search-picker-list"
      items={options}
      keyOf={(option) => option.id || "any"}
      optionId={(index) => `${listId}-${index}`}
      active={highlight}
      optionClass={(option) => `search-picker-option${option.id === value ? " search-picker-current" : ""}`}
      onChoose={onPick}
      onHover={onHighlight}
      after={
        note && (
          <p className="search-picker-note" role="status">
            {note}
          </p>
        )
      }
    >
      {(option) => option.name}
    </BoxListbox>
  );
}
