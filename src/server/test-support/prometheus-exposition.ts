/**
 * A strict reader of Prometheus's text exposition format 0.0.4 for tests: it throws on anything a
 * Prometheus server would refuse (a sample before its TYPE, a bad name, a bad escape, an unparsable
 * value, a histogram whose buckets are not cumulative or whose `+Inf` bucket differs from its count),
 * and answers the samples so a test can read the figures.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const namePattern = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const sampleLine = new RegExp(`^(${namePattern})(\\{.*\\})? (\\S+)( -?\\d+)?$`);
const labelNamePattern = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(text: string, line: string): number {
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (text === "NaN") return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`Bad value in: ${line}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` into its pairs, unescaping `\\`, `\"` and `\n`. */
function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let at = 1;
  const end = text.length - 1;
  while (at < end) {
    const equals = text.indexOf("=", at);
    const name = text.slice(at, equals);
    if (equals < 0 || !labelNamePattern.test(name) || text[equals + 1] !== '"')
      throw new Error(`Bad label in: ${line}`);
    let value = "";
    let index = equals + 2;
    for (; index < end && text[index] !== '"'; index++) {
      if (text[index] !== "\\") {
        value += text[index];
        continue;
      }
      const escaped = text[++index];
      if (escaped === "n") value += "\n";
      else if (escaped === "\\" || escaped === '"') value += escaped;
      else throw new Error(`Bad escape in: ${line}`);
    }
    if (text[index] !== '"') throw new Error(`Unterminated label value in: ${line}`);
    if (name in labels) throw new Error(`Label ${name} twice in: ${line}`);
    labels[name] = value;
    at = index + 1;
    if (text[at] === ",") at++;
    else if (at !== end) throw new Error(`Bad label separator in: ${line}`);
  }
  return labels;
}

/** The name of the family a sample belongs to: a histogram's `_bucket`, `_sum` and `_count` belong to its name. */
function familyNameOf(name: string, families: Map<string, MetricFamily>): string | undefined {
  if (families.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  const type = families.get(base)?.type;
  return type === "histogram" || type === "summary" ? base : undefined;
}

function readComment(line: string, families: Map<string, MetricFamily>, typed: Set<string>): void {
  const match = new RegExp(`^# (HELP|TYPE) (${namePattern}) ?(.*)$`).exec(line);
  if (!match) return;
  const [, kind, name = "", rest = ""] = match;
  const family = families.get(name) ?? { type: "untyped", help: "", samples: [] };
  if (kind === "TYPE") {
    if (typed.has(name)) throw new Error(`TYPE of ${name} given twice`);
    if (family.samples.length > 0) throw new Error(`TYPE of ${name} after its samples`);
    if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest))
      throw new Error(`Unknown type in: ${line}`);
    family.type = rest as MetricFamily["type"];
    typed.add(name);
  } else {
    family.help = rest.replaceAll("\\n", "\n").replaceAll("\\\\", "\\");
  }
  families.set(name, family);
}

/** Parses and checks a whole exposition; throws naming the first line that breaks the format. */
export function parseExposition(text: string): Map<string, MetricFamily> {
  if (!text.endsWith("\n")) throw new Error("An exposition ends with a line feed");
  const families = new Map<string, MetricFamily>();
  const typed = new Set<string>();
  for (const line of text.slice(0, -1).split("\n")) {
    if (line.startsWith("#")) {
      readComment(line, families, typed);
      continue;
    }
    if (line.trim() === "") continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const [, name = "", labelText, valueText = ""] = match;
    const familyName = familyNameOf(name, families);
    const family = familyName === undefined ? undefined : families.get(familyName);
    if (!family || !typed.has(familyName ?? "")) throw new Error(`Sample before its TYPE: ${line}`);
    family.samples.push({
      name,
      labels: labelText ? parseLabels(labelText, line) : {},
      value: parseValue(valueText, line),
    });
  }
  for (const [name, family] of families) if (family.type === "histogram") checkHistogram(name, family);
  return families;
}

function checkHistogram(name: string, family: MetricFamily): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  const keyOf = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([label]) => label !== "le")
        .sort(),
    );
  for (const sample of family.samples) {
    const entry = series.get(keyOf(sample.labels)) ?? { buckets: [] };
    series.set(keyOf(sample.labels), entry);
    if (sample.name === `${name}_bucket`) {
      if (sample.labels.le === undefined) throw new Error(`${name}_bucket without le`);
      entry.buckets.push([parseValue(sample.labels.le, name), sample.value]);
    } else if (sample.name === `${name}_count`) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${name}${key}: no +Inf bucket`);
    if (last[1] !== count) throw new Error(`${name}${key}: +Inf bucket ${last[1]} is not the count ${count}`);
    for (let index = 1; index < buckets.length; index++) {
      const [bound, value] = buckets[index] as [number, number];
      const [previousBound, previous] = buckets[index - 1] as [number, number];
      if (bound <= previousBound || value < previous)
        throw new Error(`${name}${key}: buckets not cumulative`);
    }
  }
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const familyName = familyNameOf(name, families);
  const family = familyName === undefined ? undefined : families.get(familyName);
  const sample = family?.samples.find(
    (candidate) =>
      candidate.name === name &&
      Object.entries(labels).every(([label, value]) => candidate.labels[label] === value),
  );
  return sample?.value;
}
