/**
 * Where a process's busy time went, from a Chrome-format CPU profile (`bun --cpu-prof`): each function's
 * share of the samples, on its own (self) and with what it called (total). Bun's Markdown profile
 * (`--cpu-prof-md`) weighs each sample by the time to the next one, so an idle process's waits land on
 * whatever ran last (a timer, a disk check); counting samples, each one a sampling interval the thread
 * was busy, does not.
 *
 *   bun bench/cpu-profile-summary.ts folder/aged.cpuprofile [--top 30] [--under "functionName file:line"]
 *
 * `--under` lists what ran below one frame (its callees' paths, deepest last), e.g. a fold's statements.
 */
import { benchOptions } from "./cli-options.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

const { option } = benchOptions();
const file = process.argv[2];
if (!file || file.startsWith("--")) {
  console.error("usage: bun bench/cpu-profile-summary.ts <file.cpuprofile> [--top 30] [--under frame]");
  process.exit(2);
}
const top = Number(option("top") ?? 30);
const under = option("under");
const profile = (await Bun.file(file).json()) as CpuProfile;
const root = `${process.cwd()}/`;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function labelOf(id: number): string {
  const frame = (byId.get(id) as ProfileNode).callFrame;
  const place = frame.url.replace("file://", "").replace(root, "");
  return `${frame.functionName || "(anonymous)"} ${place}:${frame.lineNumber + 1}`;
}

/** A sample's frames, innermost first. */
function stackOf(id: number): string[] {
  const stack: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) stack.push(labelOf(at));
  return stack;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const percent = (samples: number) => `${((samples / profile.samples.length) * 100).toFixed(1).padStart(5)} %`;
const self = new Map<string, number>();
const total = new Map<string, number>();
const below = new Map<string, number>();
for (const id of profile.samples) {
  const stack = stackOf(id);
  count(self, stack[0] as string);
  for (const frame of new Set(stack)) count(total, frame);
  const at = under ? stack.indexOf(under) : -1;
  if (at > 0) count(below, stack.slice(0, at).reverse().slice(0, 5).join(" > "));
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [label, samples] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${percent(samples)}  ${label}`);
};
console.log(`${profile.samples.length} samples (busy time, one per sampling interval)`);
if (under) print(`below ${under}`, below);
else {
  print("self", self);
  print("total", total);
}
