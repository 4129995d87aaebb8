import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { type Checklist, type ChecklistUpdate, readChecklist } from "./checklist-model.ts";

/**
 * The checklist element's calls (spec §7): `POST /outbound/checklists` turns an outbound id (and shared
 * key) into the session's checklist id, `GET /outbound/checklists/{id}?convertTipTap=true` fetches it,
 * `PUT …/{id}/increment/{step}` records a step. Every element of the page shares one of these: a
 * request in flight is shared, and its outcome is kept per key, failures too (spec §8), until the
 * session changes and the loader says so. Results are kept current as steps get done, so an element
 * added later starts from what the page already shows.
 */

/** Spec §8, word for word. */
export const checklistErrors = {
  noApiUrl: "ChecklistNetworkManager: Gleap API URL not configured.",
  missingId: "Validation response missing checklist ID.",
  empty: "Empty response received for checklist fetch.",
} as const;

/**
 * Told to the site's developer (the console, once per key) when the server refuses a shared key: keys
 * are issued by the server, so one made up on the page shows no checklist.
 */
export const sharedKeyRefusedWarning =
  "Gleap: the checklist's shared key was refused. Shared keys are issued in the admin (the checklist's page, Shared progress) or by its API; a key made up on the page is not taken.";

const statusOf = (failure: unknown) =>
  typeof failure === "object" && failure !== null && "status" in failure ? failure.status : undefined;

type Requester = Pick<WidgetHost, "request" | "apiUrl" | "session" | "language">;

/** The session and language as query parameters, as the reference sends them beside the headers. */
function sessionQuery(host: Requester): string {
  const session = host.session();
  const params = new URLSearchParams({
    gleapId: session?.gleapId ?? "",
    gleapHash: session?.gleapHash ?? "",
    lang: host.language() || "en",
  });
  return params.toString();
}

/** A cached outcome: the first caller's promise, which every later caller gets as it settled. */
function cachedOutcome<T>(
  host: Requester,
  cache: Map<string, Promise<T>>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const known = cache.get(key);
  if (known) return known;
  const pending = host.apiUrl() ? load() : Promise.reject(new Error(checklistErrors.noApiUrl));
  // Kept whether it succeeds or fails; a caller that gives up does not make the failure unhandled.
  pending.catch(() => undefined);
  cache.set(key, pending);
  return pending;
}

export function createChecklistNetwork(host: Requester) {
  const validations = new Map<string, Promise<string>>();
  const fetches = new Map<string, Promise<Checklist>>();

  const query = () => sessionQuery(host);
  const cached = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) =>
    cachedOutcome(host, cache, key, load);

  return {
    /** The session's checklist id for an outbound (one per shared key). */
    validate(outboundId: string, sharedKey = ""): Promise<string> {
      return cached(validations, `${outboundId}\n${sharedKey}`, async () => {
        const answer = await host
          .request<{ id?: unknown } | null>(
            "POST",
            `/outbound/checklists?${query()}`,
            sharedKey ? { outboundId, sharedKey } : { outboundId },
          )
          .catch((failure: unknown) => {
            // Cached per key, so this is said once however many elements use it.
            if (sharedKey && statusOf(failure) === 403) console.warn(sharedKeyRefusedWarning);
            throw failure;
          });
        if (typeof answer?.id !== "string" || answer.id === "") throw new Error(checklistErrors.missingId);
        return answer.id;
      });
    },

    fetch(id: string): Promise<Checklist> {
      return cached(fetches, id, async () => {
        const answer = await host.request<unknown>(
          "GET",
          `/outbound/checklists/${encodeURIComponent(id)}?convertTipTap=true&${query()}`,
        );
        const checklist = readChecklist(answer);
        if (!checklist) throw new Error(checklistErrors.empty);
        return checklist;
      });
    },

    /** Keeps the fetched copy in step with what the page now shows (a step done here or elsewhere). */
    remember(checklist: Checklist): void {
      if (fetches.has(checklist.id)) fetches.set(checklist.id, Promise.resolve(checklist));
    },

    /**
     * Records a step (and the final done). Rejects like the HTTP helper; without a session with the
     * reference's mocked answer (status 0, "Session unavailable").
     */
    async update(id: string, update: ChecklistUpdate): Promise<void> {
      if (!host.session()) throw { status: 0, statusText: "", responseText: "Session unavailable" };
      if (!host.apiUrl()) throw new Error(checklistErrors.noApiUrl);
      await host.request(
        "PUT",
        `/outbound/checklists/${encodeURIComponent(id)}/increment/${encodeURIComponent(update.checkedStep)}?${query()}`,
        update,
      );
    },

    /** A new visitor id: everything known belongs to the old session (spec §4). */
    clear(): void {
      validations.clear();
      fetches.clear();
    },
  };
}

export type ChecklistNetwork = ReturnType<typeof createChecklistNetwork>;
