/**
 * The body of a webhook write that calls `url` on each new report, enabled: what the webhook API takes
 * when a test only needs some receiver to be told about reports.
 */
export function reportWebhook(url: string, description = "") {
  return { url, description, events: ["report.created"], enabled: true };
}
