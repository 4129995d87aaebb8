/** Dependency edges of one level of the skill tree: each skill id → the ids it depends on. */
export type DependencyGraph = ReadonlyMap<string, readonly string[]>;

/** The graph as it would be after one skill's dependencies are replaced (or the skill is added). */
export function withDependencies(
  graph: DependencyGraph,
  skillId: string,
  dependencies: readonly string[],
): Map<string, readonly string[]> {
  const next = new Map(graph);
  next.set(skillId, dependencies);
  return next;
}

/**
 * One dependency cycle of the graph as the path that closes on itself (`["a", "b", "a"]`; a self-loop
 * is `["a", "a"]`), or null when there is none. Shared dependencies (diamonds) are not cycles.
 * Iterative depth-first search, so a long chain cannot overflow the stack.
 */
export function findCycle(graph: DependencyGraph): string[] | null {
  const done = new Set<string>();
  for (const start of graph.keys()) {
    if (done.has(start)) continue;
    // The current path from `start`, each entry with the index of the next dependency to follow.
    const path: string[] = [start];
    const cursors: number[] = [0];
    const onPath = new Set<string>([start]);
    while (path.length > 0) {
      const top = path.length - 1;
      const node = path[top] as string;
      const next = (graph.get(node) ?? [])[cursors[top] as number];
      if (next === undefined) {
        done.add(node);
        onPath.delete(node);
        path.pop();
        cursors.pop();
        continue;
      }
      cursors[top] = (cursors[top] as number) + 1;
      if (onPath.has(next)) return [...path.slice(path.indexOf(next)), next];
      if (done.has(next)) continue;
      path.push(next);
      cursors.push(0);
      onPath.add(next);
    }
  }
  return null;
}

export function hasCycle(graph: DependencyGraph): boolean {
  return findCycle(graph) !== null;
}

/** The skills that depend directly on `skillId`, sorted. */
export function dependentsOf(graph: DependencyGraph, skillId: string): string[] {
  const dependents: string[] = [];
  for (const [id, dependencies] of graph) {
    if (id !== skillId && dependencies.includes(skillId)) dependents.push(id);
  }
  return dependents.sort();
}
