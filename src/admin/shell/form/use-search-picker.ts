import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useResource } from "../../api/use-resource.ts";
import {
  moveHighlight,
  type PickerOption,
  type PickerPage,
  searchPickerDelayMs,
} from "./search-picker-state.ts";

/**
 * The name the input shows for `value`: the option picked here, the caller's `selectedName`, a fixed
 * option's name, or else looked up with `lookupName`.
 */
function usePickedName(
  value: string,
  selectedName: string | undefined,
  fixedOptions: readonly PickerOption[],
  lookupName: (id: string) => Promise<string>,
) {
  const [picked, setPicked] = useState<PickerOption | null>(
    value && selectedName ? { id: value, name: selectedName } : null,
  );
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
  return { shownName, setPicked };
}

/**
 * The open list: the text typed, the search it starts once typing pauses, the answer, the options
 * offered (the fixed ones first while nothing is typed) and the highlighted one.
 */
function usePickerList(
  fixedOptions: readonly PickerOption[],
  searchRecords: (text: string) => Promise<PickerPage>,
) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  // Until the admin types, the open list starts at the first entries rather than at the chosen one.
  const [typed, setTyped] = useState(false);
  const [search, setSearch] = useState("");
  const [highlight, setHighlight] = useState(-1);

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
  const answer = { search, results, waiting, found, options };

  // A typed search highlights its first match, so Enter takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer moves the highlight.
  useEffect(() => setHighlight(typed && found.length ? options.length - found.length : -1), [results]);

  useEffect(() => {
    if (highlight >= 0)
      document.getElementById(`${listId}-${highlight}`)?.scrollIntoView({ block: "nearest" });
  }, [highlight, listId]);

  return { listId, open, setOpen, text, setText, setTyped, setSearch, highlight, setHighlight, ...answer };
}

/**
 * A {@link SearchPicker}'s state: the name its input shows, the open list, and what focus, typing,
 * the arrow keys, Enter and Escape do to them. Picking an option with an empty id clears the choice.
 */
export function useSearchPicker({
  value,
  selectedName,
  fixedOptions,
  search: searchRecords,
  lookup: lookupName,
  onChange,
}: {
  value: string;
  selectedName: string | undefined;
  fixedOptions: readonly PickerOption[];
  search: (text: string) => Promise<PickerPage>;
  lookup: (id: string) => Promise<string>;
  onChange: (option: PickerOption | null) => void;
}) {
  const { shownName, setPicked } = usePickedName(value, selectedName, fixedOptions, lookupName);
  const list = usePickerList(fixedOptions, searchRecords);
  const { open, highlight, options } = list;

  const openList = () => {
    list.setOpen(true);
    list.setText(shownName);
    list.setTyped(false);
    list.setSearch("");
  };
  const close = () => {
    list.setOpen(false);
    list.setTyped(false);
    list.setHighlight(-1);
  };
  const pick = (option: PickerOption) => {
    setPicked(option.id ? option : null);
    onChange(option.id ? option : null);
    close();
  };
  const type = (text: string) => {
    list.setText(text);
    list.setTyped(true);
    list.setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) openList();
      else list.setHighlight(moveHighlight(highlight, event.key === "ArrowDown" ? 1 : -1, options.length));
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

  return { ...list, shownName, openList, close, pick, type, onKeyDown };
}
