/** What follows a write to a project's settings. */
export interface ProjectWritten {
  /** Tells the widget API the project changed (its lookup cache drops it). */
  changed(projectId: string): Promise<void>;
  /** Answers the project's settings as they are now. */
  answer(projectId: string): Promise<Response>;
}
