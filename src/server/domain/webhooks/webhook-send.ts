import { type PinnedFetchOptions, pinnedFetch } from "./pinned-fetch.ts";
import type { AllowedHosts } from "./webhook-address-rules.ts";
import { readAnswerExcerpt } from "./webhook-answer.ts";
import { checkedTarget, type Resolve } from "./webhook-target.ts";

export interface WebhookSendRules {
  /** The operator's exceptions to "public addresses only" (`WEBHOOK_ALLOWED_HOSTS`). */
  allowedHosts: AllowedHosts;
  /** How host names are resolved (the system's resolver; tests answer for names of their own). */
  resolve: Resolve;
  /** How long the lookup and, again, the receiver may take. */
  timeoutMs: number;
  /** Certificate authorities to trust besides the system's (tests). */
  tls?: PinnedFetchOptions;
}

/**
 * One try's outcome. `final` marks a try that a later one cannot change (a refused address): the
 * delivery fails at once instead of being retried for a day.
 */
export interface WebhookTry {
  status: number | null;
  response: string | null;
  error: string | null;
  delivered: boolean;
  final: boolean;
}

const notSent = (error: string, final: boolean): WebhookTry => ({
  status: null,
  response: null,
  error,
  delivered: false,
  final,
});

/**
 * Sends one POST to a webhook: the host is checked and resolved (webhook-target.ts), the request goes
 * to the checked address (pinned-fetch.ts), and the answer's status and start are kept. A 2xx
 * delivers; a redirect, another status, a refusal or a timeout does not.
 */
export async function sendWebhookOnce(
  address: string,
  init: { headers: Record<string, string>; body: string },
  rules: WebhookSendRules,
): Promise<WebhookTry> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return notSent("Refused: the address is not a valid URL", true);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return notSent("Refused: only http:// and https:// addresses are sent to", true);
  const target = await checkedTarget(url, rules.allowedHosts, rules.resolve, rules.timeoutMs);
  if (!target.ok) return notSent(target.reason, target.refused);
  try {
    const response = await pinnedFetch(
      url,
      target.address,
      {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(rules.timeoutMs),
        headers: init.headers,
        body: init.body,
      },
      rules.tls,
    );
    const text = await readAnswerExcerpt(response).catch(() => "");
    return {
      status: response.status,
      response: text,
      error: null,
      delivered: response.status >= 200 && response.status < 300,
      final: false,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return notSent(
      timedOut
        ? `No answer within ${rules.timeoutMs / 1000} s`
        : (error instanceof Error ? error.message : String(error)).slice(0, 500),
      false,
    );
  }
}
