/**
 * Where a project's snippet has been seen (issue 21 "installation check"): the first widget session
 * from each origin. `GET /api/projects/{p}/installations` answers them, newest first; the staff push
 * `installation-seen` announces a new one live.
 */
export interface Installation {
  origin: string;
  /** ISO time of the first session from this origin. */
  firstSeenAt: string;
}

export interface InstallationList {
  installations: Installation[];
}
