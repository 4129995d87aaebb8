import { useState } from "react";
import { useLocation } from "wouter";
import { showToast } from "../shell/overlay/toast-store.ts";
import type { ContentKind } from "./content-kinds.ts";
import { contentEditHref } from "./content-paths.ts";

/**
 * The record a content editor last saved (`loaded`, none until a new one is created) and how a save
 * stores it: `write` creates it or replaces the saved one, the toast says which, and a new record's
 * editor moves to its own edit address.
 */
export function useSavedContent<R>(
  projectId: string,
  kind: ContentKind,
  loaded: R | null,
  idOf: (record: R) => string,
) {
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(loaded);

  const store = async (write: (saved: R | null) => Promise<R>) => {
    const stored = await write(saved);
    setSaved(stored);
    showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
    if (!saved) navigate(contentEditHref(projectId, kind, idOf(stored)), { replace: true });
  };

  return { saved, setSaved, store };
}
