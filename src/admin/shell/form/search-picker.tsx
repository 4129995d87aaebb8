import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { type Resource, useResource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import type { FieldControlProps } from "./form-field.tsx";
import {
  moveHighlight,
  type PickerOption,
  type PickerPage,
  searchPickerDelayMs,
} from "./search-picker-state.ts";
import "./search-picker.css";

/** The texts of one use of the picker; "searching", "no match" and "type more" are the shell's own. */
export interface SearchPickerTexts {
  placeholder: MessageId;
  /** The list's accessible name. */
  listLabel: MessageId;
  /** Shown when there is nothing at all to choose from. */
  empty: MessageId;
  error: MessageId;
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
  search: searchRecords,
  lookup: lookupName,
  texts,
  onChange,
}: {
  control: FieldControlProps;
  name: string;
  value: string;
  /** The chosen record's name when the caller has it; otherwise the picker looks it up. */
  selectedName?: string;
  fixedOptions?: readonly PickerOption[];
  search: (text: string) => Promise<PickerPage>;
  lookup: (id: string) => Promise<string>;
  texts: SearchPickerTexts;
  onChange: (option: PickerOption | null) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const listId = useId();
  const [picked, setPicked] = useState<PickerOption | null>(
    value && selectedName ? { id: value, name: selectedName } : null,
  );
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  // Until the admin types, the open list starts at the first entries rather than at the chosen one.
  const [typed, setTyped] = useState(false);
  const [search, setSearch] = useState("");
  const [highlight, setHighlight] = useState(-1);

  const fixedName = value ? fixedOptions.find((option) => option.id === value)?.name : undefined;
  const known =
    picked?.id === value
      ? picked.name
      : value && (selectedName ?? fixedName)
        ? (selectedName ?? fixedName ?? null)
        : null;
  const lookup = Boolean(value) && known === null;
  const { resource: looked } = useResource(
    () => (lookup ? lookupName(value) : Promise.resolve(null)),
    lookup ? value : "",
  );
  // While the name is on its way (or the company is gone), the id is the best there is to show.
  const shownName = known ?? (looked.state === "ready" && looked.data ? looked.data : value);

  useEffect(() => {
    const next = typed ? text.trim() : "";
    if (!open || next === search) return;
    const timer = setTimeout(() => setSearch(next), searchPickerDelayMs);
    return () => clearTimeout(timer);
  }, [open, typed, text, search]);

  const { resource: results } = useResource(
    () => (open ? searchRecords(search) : Promise.resolve(null)),
    open ? `open:${search}` : "closed",
  );
  // While typed text waits for its search, the list on screen answers an older text: it is not offered,
  // or a click meant for one entry could land on another as the new answer replaces the list.
  const waiting = typed && text.trim() !== search;
  const found = !waiting && results.state === "ready" && results.data ? results.data.items : [];
  const options: PickerOption[] = !typed || !text.trim() ? [...fixedOptions, ...found] : found;

  // A typed search highlights its first match, so Enter takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer moves the highlight.
  useEffect(() => setHighlight(typed && found.length ? options.length - found.length : -1), [results]);

  useEffect(() => {
    if (highlight >= 0)
      document.getElementById(`${listId}-${highlight}`)?.scrollIntoView({ block: "nearest" });
  }, [highlight, listId]);

  const openList = () => {
    setOpen(true);
    setText(shownName);
    setTyped(false);
    setSearch("");
  };
  const close = () => {
    setOpen(false);
    setTyped(false);
    setHighlight(-1);
  };
  const pick = (option: PickerOption) => {
    setPicked(option.id ? option : null);
    onChange(option.id ? option : null);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) openList();
      else setHighlight(moveHighlight(highlight, event.key === "ArrowDown" ? 1 : -1, options.length));
    } else if (event.key === "Enter" && open) {
      // An open list owns Enter: it picks, and never submits the form around it half-chosen.
      event.preventDefault();
      const option = options[highlight];
      if (option) pick(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

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
        value={open ? text : shownName}
        onFocus={(event) => {
          openList();
          event.currentTarget.select();
        }}
        onClick={() => {
          if (!open) openList();
        }}
        onBlur={close}
        onChange={(event) => {
          setText(event.target.value);
          setTyped(true);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <PickerPopup
          listId={listId}
          options={options}
          value={value}
          highlight={highlight}
          label={t(texts.listLabel)}
          note={pickerNote(tr, texts, { waiting, results, found, search })}
          onPick={pick}
          onHighlight={setHighlight}
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
    // Pressing on the list must not blur the input first, or the list would close before the click.
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus; the input handles keys.
    <div className="search-picker-popup" onMouseDown={(event) => event.preventDefault()}>
      <div id={listId} role="listbox" aria-label={label} className="search-picker-list">
        {options.map((option, index) => (
          // The keyboard stays in the input (aria-activedescendant), which picks with Enter.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above; the option never takes focus.
          <div
            key={option.id || "any"}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === highlight}
            className={`search-picker-option${option.id === value ? " search-picker-current" : ""}`}
            onClick={() => onPick(option)}
            onMouseEnter={() => onHighlight(index)}
          >
            {option.name}
          </div>
        ))}
      </div>
      {note && (
        <p className="search-picker-note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
