import { useCallback, useEffect, useRef, useState } from "react";
import { apiErrorMessage, apiErrorStatus } from "./api-error.ts";

export type Resource<T> =
  | { state: "loading" }
  | { state: "error"; status: number | undefined; message: string }
  | { state: "ready"; data: T };

/**
 * Loads `load()` whenever `key` changes and on `reload()`. An answer that arrives after a newer request
 * started is dropped, so fast typing or paging never shows an older page. `refresh` asks again without the loading state; `replace` swaps in data the
 * screen got from an action (the user after a ban) without another request.
 */
export function useResource<T>(
  load: () => Promise<T>,
  key: string,
): { resource: Resource<T>; reload: () => void; refresh: () => void; replace: (data: T) => void } {
  const [resource, setResource] = useState<Resource<T>>({ state: "loading" });
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  /** `quiet` keeps the current data on screen while the new answer is on its way. */
  const fetchNow = useCallback((quiet: boolean) => {
    const request = ++latest.current;
    if (!quiet) setResource({ state: "loading" });
    loader
      .current()
      .then((data) => {
        if (request === latest.current) setResource({ state: "ready", data });
      })
      .catch((failure: unknown) => {
        if (request !== latest.current) return;
        setResource({ state: "error", status: apiErrorStatus(failure), message: apiErrorMessage(failure) });
      });
  }, []);
  const reload = useCallback(() => fetchNow(false), [fetchNow]);
  const refresh = useCallback(() => fetchNow(true), [fetchNow]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what decides a new request.
  useEffect(reload, [key, reload]);

  const replace = useCallback((data: T) => {
    latest.current++;
    setResource({ state: "ready", data });
  }, []);

  return { resource, reload, refresh, replace };
}

/**
 * Changes to a loaded value as live pushes arrive: `update(change)` applies `change` to the latest value
 * (also between a change and its render, so two pushes in one task both land) and swaps the result in
 * with `replace`. Nothing happens before the value is there, or when the change leaves it as it is.
 */
export function useLatestUpdate<T>(value: T | null, replace: (next: T) => void) {
  const latest = useRef(value);
  latest.current = value;
  return useCallback(
    (change: (current: T) => T) => {
      const base = latest.current;
      if (!base) return;
      const next = change(base);
      if (next === base) return;
      latest.current = next;
      replace(next);
    },
    [replace],
  );
}
