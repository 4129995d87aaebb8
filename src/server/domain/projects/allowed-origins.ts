/**
 * The one rule for a project's allowed origins (`widget_projects.allowed_origins`): an empty list
 * lets every origin in; otherwise only the origins listed, exactly as a browser sends them
 * (project-settings-repository.ts `normaliseOrigin` stores them so). `ours` is this server's messenger
 * origin, whose pages are our own and which every project lets in (its `frame-ancestors` names it as
 * `'self'`, and the frames call the widget API from there).
 */
export function originAllowedFor(
  allowed: readonly string[],
  origin: string,
  ours: string | null = null,
): boolean {
  return allowed.length === 0 || allowed.includes(origin) || (ours !== null && origin === ours);
}
