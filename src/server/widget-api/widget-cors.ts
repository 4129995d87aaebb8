/**
 * The widget API is called from any site that embeds the snippet, without credentials, so every origin
 * may call it. (Restricting to a project's allowed origins comes with the widget API issue.)
 */
export const widgetCorsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
  "Access-Control-Allow-Headers": "api-token, content-type, gleap-id, gleap-hash",
  "Access-Control-Max-Age": "86400",
};

export function withWidgetCors(response: Response): Response {
  for (const [name, value] of Object.entries(widgetCorsHeaders)) response.headers.set(name, value);
  return response;
}

export function widgetPreflight(): Response {
  return new Response(null, { status: 204, headers: widgetCorsHeaders });
}
