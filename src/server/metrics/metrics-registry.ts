import { withinMs } from "../time-bound.ts";
import { escapeHelp, formatValue, labelName, metricName, renderLabels } from "./prometheus-text.ts";

/**
 * A small metrics registry: counters, gauges and histograms with fixed buckets, each a family of
 * series told apart by label values, and the text Prometheus scrapes.
 *
 * Written here rather than taken from prom-client: prom-client turns the label object of every
 * observation into a string key (and validates it) even through a `labels()` child, which is an
 * allocation per request on routes that answer thousands a second, and it brings three packages. Here
 * `labels()` answers the same series object every time, so a caller binds it once (at start, or the
 * first time a route answers) and recording is a field update.
 */

export interface Counter {
  inc(amount?: number): void;
  get(): number;
}

export interface Gauge {
  set(value: number): void;
  inc(amount?: number): void;
  dec(amount?: number): void;
  get(): number;
}

export interface Histogram {
  observe(value: number): void;
  /** Observations so far and their sum (tests read them; the scrape renders the buckets too). */
  snapshot(): { count: number; sum: number; buckets: number[] };
}

/** One metric name with its series; `labels` answers the series of these values, made on first use. */
export interface MetricFamily<S> {
  labels(...values: string[]): S;
}

export interface MetricSpec {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /**
   * Series this family may hold: past it, new label values share one series whose every label is
   * `other`, so a label fed from outside can never grow the scrape without end.
   */
  maxSeries?: number;
}

export interface HistogramSpec extends MetricSpec {
  /** Upper bounds, ascending; `+Inf` is always added. */
  buckets: readonly number[];
}

export const overflowLabelValue = "other";
const defaultMaxSeries = 1000;

type MetricType = "counter" | "gauge" | "histogram";

class CounterSeries implements Counter {
  private value = 0;
  inc(amount = 1): void {
    // A counter only goes up; a negative amount is a caller's mistake, not a reset.
    if (amount > 0) this.value += amount;
  }
  get(): number {
    return this.value;
  }
}

class GaugeSeries implements Gauge {
  private value = 0;
  set(value: number): void {
    this.value = value;
  }
  inc(amount = 1): void {
    this.value += amount;
  }
  dec(amount = 1): void {
    this.value -= amount;
  }
  get(): number {
    return this.value;
  }
}

class HistogramSeries implements Histogram {
  /** Per bucket, the observations that fell in it alone (made cumulative when rendered). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    if (Number.isNaN(value)) return;
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && value > (bounds[index] as number)) index++;
    if (index < bounds.length) this.counts[index] = (this.counts[index] as number) + 1;
    this.sum += value;
    this.count++;
  }
  snapshot() {
    let running = 0;
    const buckets = Array.from(this.counts, (count) => {
      running += count;
      return running;
    });
    return { count: this.count, sum: this.sum, buckets };
  }
}

interface Child<S> {
  /** `a="x",b="y"`: the label pairs, rendered once when the series is made. */
  pairs: string;
  series: S;
}

class Family<S> implements MetricFamily<S> {
  private readonly children = new Map<string, Child<S>>();
  private readonly overflowKey: string;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricType,
    readonly labelNames: readonly string[],
    private readonly maxSeries: number,
    private readonly make: () => S,
  ) {
    this.overflowKey = labelNames.map(() => overflowLabelValue).join("\u0001");
  }

  labels(...values: string[]): S {
    if (values.length !== this.labelNames.length)
      throw new Error(`${this.name} takes ${this.labelNames.length} label values, got ${values.length}`);
    const key = values.join("\u0001");
    const known = this.children.get(key);
    if (known) return known.series;
    if (this.children.size >= this.maxSeries && key !== this.overflowKey)
      return this.labels(...this.labelNames.map(() => overflowLabelValue));
    const pairs = renderLabels(this.labelNames, values).slice(1, -1);
    const child = { pairs, series: this.make() };
    this.children.set(key, child);
    return child.series;
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`);
    for (const { pairs, series } of this.children.values()) {
      if (series instanceof HistogramSeries) renderHistogram(lines, this.name, pairs, series);
      else lines.push(`${this.name}${pairs ? `{${pairs}}` : ""} ${formatValue((series as Counter).get())}`);
    }
  }
}

function renderHistogram(lines: string[], name: string, pairs: string, series: HistogramSeries): void {
  const prefix = pairs ? `${pairs},` : "";
  let running = 0;
  for (const [index, bound] of series.bounds.entries()) {
    running += series.counts[index] as number;
    lines.push(`${name}_bucket{${prefix}le="${formatValue(bound)}"} ${running}`);
  }
  lines.push(`${name}_bucket{${prefix}le="+Inf"} ${series.count}`);
  const braces = pairs ? `{${pairs}}` : "";
  lines.push(`${name}_sum${braces} ${formatValue(series.sum)}`, `${name}_count${braces} ${series.count}`);
}

export interface RegistryOptions {
  /** How long one scrape-time reading may take before the scrape answers without it (default 2 s). */
  collectTimeoutMs?: number;
  /** A scrape-time reading failed or took too long; its gauges keep their last values. */
  onCollectorError?: (collector: string, error: unknown) => void;
}

/** The metrics of one server; tests make their own, so nothing is shared between servers in a process. */
export class MetricsRegistry {
  private readonly families: Array<Family<Counter | Gauge | Histogram>> = [];
  private readonly collectors: Array<{ name: string; collect: () => Promise<void> | void }> = [];

  constructor(private readonly options: RegistryOptions = {}) {}

  counter(spec: MetricSpec): MetricFamily<Counter> {
    return this.add(spec, "counter", () => new CounterSeries());
  }

  gauge(spec: MetricSpec): MetricFamily<Gauge> {
    return this.add(spec, "gauge", () => new GaugeSeries());
  }

  histogram(spec: HistogramSpec): MetricFamily<Histogram> {
    const bounds = [...spec.buckets];
    if (bounds.some((bound, index) => index > 0 && bound <= (bounds[index - 1] as number)))
      throw new Error(`${spec.name}: buckets must ascend`);
    if (spec.labelNames?.includes("le")) throw new Error(`${spec.name}: "le" is the bucket label`);
    return this.add(spec, "histogram", () => new HistogramSeries(bounds));
  }

  /** A reading taken at each scrape (a COUNT, a file size) that sets gauges before they are rendered. */
  onScrape(name: string, collect: () => Promise<void> | void): void {
    this.collectors.push({ name, collect });
  }

  /** The whole registry in the text format, after the scrape-time readings (each bounded in time). */
  async expose(): Promise<string> {
    const timeoutMs = this.options.collectTimeoutMs ?? 2000;
    await Promise.all(
      this.collectors.map(({ name, collect }) =>
        withinMs(Promise.resolve().then(collect), timeoutMs, name).catch((error: unknown) =>
          this.options.onCollectorError?.(name, error),
        ),
      ),
    );
    const lines: string[] = [];
    for (const family of this.families) family.render(lines);
    return `${lines.join("\n")}\n`;
  }

  private add<S extends Counter | Gauge | Histogram>(
    spec: MetricSpec,
    type: MetricType,
    make: () => S,
  ): MetricFamily<S> {
    const labelNames = spec.labelNames ?? [];
    if (!metricName.test(spec.name)) throw new Error(`"${spec.name}" is not a metric name`);
    if (this.families.some((family) => family.name === spec.name))
      throw new Error(`${spec.name} is registered twice`);
    for (const label of labelNames)
      if (!labelName.test(label) || label.startsWith("__"))
        throw new Error(`${spec.name}: "${label}" is not a label name`);
    const family = new Family<S>(
      spec.name,
      spec.help,
      type,
      labelNames,
      spec.maxSeries ?? defaultMaxSeries,
      make,
    );
    this.families.push(family as Family<Counter | Gauge | Histogram>);
    return family;
  }
}
