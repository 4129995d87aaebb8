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
