/** How a failed call looks to the SDK (spec §8): status 0 and "Network Error" when nothing answered. */
export interface HttpFailure {
  status: number;
  statusText: string;
  responseText: string;
}

/**
 * Why a call was refused, in one line for the host's console: the server's own words (its `{error}`
 * body), else the status text ("Network Error" when nothing answered), else what was thrown.
 */
export function failureReason(failure: unknown): string {
  const { responseText, statusText } = (failure ?? {}) as Partial<HttpFailure>;
  try {
    // Nothing to parse (no answer, or not a failure at all) throws too.
    return JSON.parse(responseText as string).error || statusText;
  } catch {
    return statusText ?? String(failure);
  }
}

/**
 * The loader's one HTTP client. It uses the `fetch` captured before network logging wraps it, so the
 * SDK's own calls never show up in the host's network log. Rejects with an `HttpFailure`.
 */
export function createHttpClient(
  fetchImpl: typeof fetch,
  baseUrl: () => string,
  headers: () => Record<string, string>,
) {
  return async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl()}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json;charset=UTF-8" }),
          ...headers(),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw { status: 0, statusText: "Network Error", responseText: "" } satisfies HttpFailure;
    }
    const text = await response.text().catch(() => "");
    if (!response.ok)
      throw {
        status: response.status,
        statusText: response.statusText,
        responseText: text,
      } satisfies HttpFailure;
    try {
      return (text === "" ? {} : JSON.parse(text)) as T;
    } catch {
      throw {
        status: response.status,
        statusText: "JSON Parse Error",
        responseText: text,
      } satisfies HttpFailure;
    }
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
