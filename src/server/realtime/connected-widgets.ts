/**
 * The widget sessions with an open socket in this process, per project. Publishing outbound content
 * delivers it to these at once (a signal reaches every process, each serves its own sockets). A
 * session may have several tabs open, so sockets are counted.
 */
export function createConnectedWidgets() {
  const projects = new Map<string, Map<string, number>>();
  return {
    add(projectId: string, sessionId: string): void {
      const sessions = projects.get(projectId) ?? new Map<string, number>();
      sessions.set(sessionId, (sessions.get(sessionId) ?? 0) + 1);
      projects.set(projectId, sessions);
    },
    remove(projectId: string, sessionId: string): void {
      const sessions = projects.get(projectId);
      const count = sessions?.get(sessionId) ?? 0;
      if (!sessions || count === 0) return;
      if (count > 1) sessions.set(sessionId, count - 1);
      else sessions.delete(sessionId);
      if (sessions.size === 0) projects.delete(projectId);
    },
    sessionsOf(projectId: string): string[] {
      return [...(projects.get(projectId)?.keys() ?? [])];
    },
  };
}

export type ConnectedWidgets = ReturnType<typeof createConnectedWidgets>;
