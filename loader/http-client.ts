/** How a failed call looks to the SDK (spec §8): status 0 and "Network Error" when nothing answered. */
export interface HttpFailure {
  status: number;
  statusText: string;
  responseText: string;
}

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === "object" && value !== null && "status" in value && "statusText" in value;
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
