/** The widget project whose content the admin looked at last, so `/dashboard/content` opens it again. */
const key = "content-project";

export function lastProject(): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberProject(projectId: string): void {
  try {
    localStorage.setItem(key, projectId);
  } catch {
    // A storage that refuses (private mode, quota) only costs the convenience.
  }
}
