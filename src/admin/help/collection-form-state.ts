import type { AdminHelpCollection, HelpCollectionWrite } from "../../shared/messenger-api.ts";

/** A help collection's form (English fields, the German title and description, icon and order). Pure. */
export interface CollectionFormState {
  title: string;
  description: string;
  icon: string;
  position: string;
  deTitle: string;
  deDescription: string;
}

export type CollectionField = "title" | "position" | "deTitle";
export type CollectionRule = "required" | "position" | "germanTitle";
export type CollectionErrors = Partial<Record<CollectionField, CollectionRule>>;

export function collectionForm(
  collection: AdminHelpCollection | null,
  nextPosition = 0,
): CollectionFormState {
  return {
    title: collection?.title ?? "",
    description: collection?.description ?? "",
    icon: collection?.icon ?? "",
    position: String(collection?.position ?? nextPosition),
    deTitle: collection?.translations.de?.title ?? "",
    deDescription: collection?.translations.de?.description ?? "",
  };
}

export function collectionErrors(state: CollectionFormState): CollectionErrors {
  const errors: CollectionErrors = {};
  if (state.title.trim() === "") errors.title = "required";
  if (!/^\d+$/.test(state.position.trim()) || Number(state.position) > 10_000) errors.position = "position";
  if (state.deDescription.trim() !== "" && state.deTitle.trim() === "") errors.deTitle = "germanTitle";
  return errors;
}

export function collectionWrite(state: CollectionFormState): HelpCollectionWrite {
  const deTitle = state.deTitle.trim();
  return {
    title: state.title.trim(),
    description: state.description.trim(),
    icon: state.icon.trim(),
    position: Number(state.position),
    translations: { de: deTitle === "" ? null : { title: deTitle, description: state.deDescription.trim() } },
  };
}
