/**
 * Where a project's snippet has been seen (the install panel's installation check): each origin whose
 * page a widget session proved (a ping from the page's own origin carrying a page view of it), the
 * most recently seen ones kept. `GET /api/projects/{p}/installations` answers them, the most recently
 * seen first; the staff push `installation-seen` announces a new one live.
 */
export interface Installation {
  origin: string;
  /** ISO time the origin was first recorded. */
  firstSeenAt: string;
  /** ISO time a session last proved it (kept to the hour). */
  lastSeenAt: string;
  /**
   * The project lists allowed origins and this is not one of them (it was seen before the list
   * changed): the widget API refuses it now.
   */
  outsideAllowedOrigins: boolean;
}

export interface InstallationList {
  installations: Installation[];
}
