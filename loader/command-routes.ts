import {
  type RoutedMethodName,
  surfaceCommands,
  type WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";

/**
 * The command table of the chunk contract, read once: which surface serves each command, which
 * commands only act on a surface already shown (`?`), and which are host API methods of their own
 * (`+`).
 */
export const surfaceOf: Record<string, WidgetChunkName> = {};
export const mountedOnly = new Set<string>();
export const routedMethods: RoutedMethodName[] = [];
for (const [surface, entries] of Object.entries(surfaceCommands))
  for (const entry of entries.split(" ")) {
    const name = entry.replace(/\W/g, "");
    surfaceOf[name] = surface as WidgetChunkName;
    if (entry.includes("?")) mountedOnly.add(name);
    if (entry.includes("+")) routedMethods.push(name as RoutedMethodName);
  }
