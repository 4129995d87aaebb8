/**
 * The widget's frames (messenger, banner, modal, builder) are opened with the project's SDK key in
 * their URL. The messenger origin answers each with that project's `frame-ancestors` (its allowed
 * origins), and the frame app only serves that project, so one project's open framing cannot be used
 * to show another project's messenger on a foreign site.
 */
export const frameKeyParam = "sdkKey";

/** `url` with the project's key added; an unparsable URL is returned as it is. */
export function frameSource(url: string, sdkKey: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.set(frameKeyParam, sdkKey);
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The project key a frame was opened for (from its own `location.search`), or null. */
export function frameKeyOf(search: string): string | null {
  const key = new URLSearchParams(search).get(frameKeyParam);
  return key ? key : null;
}
