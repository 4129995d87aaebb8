import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";

/** What the host tells the frame about the project and the visitor (spec §7); pure. */

export function configMessage(host: WidgetHost): HostToMessengerMessage {
  return {
    name: "config-update",
    data: {
      config: host.flowConfig() as unknown as Record<string, unknown>,
      aiTools: host.aiTools(),
      overrideLanguage: host.language(),
    },
  };
}

export function sessionMessage(host: WidgetHost): HostToMessengerMessage {
  return {
    name: "session-update",
    data: {
      sessionData: host.session() as unknown as Record<string, unknown> | null,
      apiUrl: host.apiUrl(),
      sdkKey: host.sdkKey,
    },
  };
}

/** `preFillForm(data)` (an object, or JSON of one): the message, or null for anything else. */
export function prefillMessage(data: unknown): HostToMessengerMessage | null {
  const parsed = typeof data === "string" ? safeJson(data) : data;
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
    return { name: "prefill-form-data", data: parsed as Record<string, unknown> };
  return null;
}

/** `setFormData(formKey, data)`: the message, or null without a form key. */
export function formDataMessage(formKey: unknown, data: unknown): HostToMessengerMessage | null {
  return typeof formKey === "string" ? { name: "set-form-data", data: { formKey, data } } : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
