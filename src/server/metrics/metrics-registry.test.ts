import { describe, expect, test } from "bun:test";
import { parseExposition, sampleValue } from "../test-support/prometheus-exposition.ts";
import { MetricsRegistry, overflowLabelValue } from "./metrics-registry.ts";
import { escapeLabelValue, formatValue } from "./prometheus-text.ts";

describe("metrics registry", () => {
  test("counters, gauges and histograms render as the text format, HELP and TYPE first", async () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter({
      name: "demo_requests_total",
      help: "Requests.",
      labelNames: ["route"],
    });
    const open = registry.gauge({ name: "demo_open", help: "Open things." });
    const seconds = registry.histogram({ name: "demo_seconds", help: "Durations.", buckets: [0.1, 1] });
    requests.labels("/a").inc();
    requests.labels("/a").inc(2);
    requests.labels("/b").inc();
    open.labels().set(5);
    open.labels().dec();
    for (const value of [0.05, 0.1, 0.5, 3]) seconds.labels().observe(value);

    const text = await registry.expose();
    expect(text).toBe(
      [
        "# HELP demo_requests_total Requests.",
        "# TYPE demo_requests_total counter",
        'demo_requests_total{route="/a"} 3',
        'demo_requests_total{route="/b"} 1',
        "# HELP demo_open Open things.",
        "# TYPE demo_open gauge",
        "demo_open 4",
        "# HELP demo_seconds Durations.",
        "# TYPE demo_seconds histogram",
        'demo_seconds_bucket{le="0.1"} 2',
        'demo_seconds_bucket{le="1"} 3',
        'demo_seconds_bucket{le="+Inf"} 4',
        "demo_seconds_sum 3.65",
        "demo_seconds_count 4",
        "",
      ].join("\n"),
    );
    expect(parseExposition(text).get("demo_seconds")?.samples).toHaveLength(5);
  });

  test("a series is bound once: labels() answers the same object, and only it moves", () => {
    const registry = new MetricsRegistry();
    const family = registry.counter({ name: "bound_total", help: "x", labelNames: ["a", "b"] });
    const series = family.labels("1", "2");
    expect(family.labels("1", "2")).toBe(series);
    series.inc();
    series.inc(-5);
    expect(series.get()).toBe(1);
    expect(family.labels("1", "3").get()).toBe(0);
    expect(() => family.labels("1")).toThrow("takes 2 label values");
  });

  test("label values are escaped, and values spelled as Prometheus reads them", async () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.25].map(formatValue)).toEqual([
      "NaN",
      "+Inf",
      "-Inf",
      "0.25",
    ]);
    const registry = new MetricsRegistry();
    registry
      .gauge({ name: "odd", help: "Help with \\ and\nlines.", labelNames: ["v"] })
      .labels('x"y\\z\n')
      .set(1);
    const text = await registry.expose();
    expect(text).toContain("# HELP odd Help with \\\\ and\\nlines.");
    const families = parseExposition(text);
    expect(families.get("odd")?.help).toBe("Help with \\ and\nlines.");
    expect(sampleValue(families, "odd", { v: 'x"y\\z\n' })).toBe(1);
  });

  test("past maxSeries, new label values share the overflow series", async () => {
    const registry = new MetricsRegistry();
    const family = registry.counter({ name: "capped_total", help: "x", labelNames: ["path"], maxSeries: 2 });
    for (const path of ["/1", "/2", "/3", "/4"]) family.labels(path).inc();
    const families = parseExposition(await registry.expose());
    expect(families.get("capped_total")?.samples.map((sample) => sample.labels.path)).toEqual([
      "/1",
      "/2",
      overflowLabelValue,
    ]);
    expect(sampleValue(families, "capped_total", { path: overflowLabelValue })).toBe(2);
  });

  test("names, label names and buckets are checked when a metric is made", () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter({ name: "9bad", help: "x" })).toThrow("not a metric name");
    expect(() => registry.counter({ name: "ok", help: "x", labelNames: ["__x"] })).toThrow(
      "not a label name",
    );
    expect(() => registry.histogram({ name: "h", help: "x", buckets: [1, 1] })).toThrow("ascend");
    expect(() => registry.histogram({ name: "h2", help: "x", buckets: [1], labelNames: ["le"] })).toThrow(
      "le",
    );
    registry.gauge({ name: "twice", help: "x" });
    expect(() => registry.gauge({ name: "twice", help: "x" })).toThrow("registered twice");
  });

  test("scrape-time readings run before rendering; a failing or hung one leaves its gauge as it was", async () => {
    const failures: string[] = [];
    const registry = new MetricsRegistry({
      collectTimeoutMs: 20,
      onCollectorError: (name, error) => failures.push(`${name}: ${String(error)}`),
    });
    const depth = registry.gauge({ name: "depth", help: "x" }).labels();
    const stuck = registry.gauge({ name: "stuck", help: "x" }).labels();
    let reading = 7;
    registry.onScrape("depth", async () => depth.set(reading));
    registry.onScrape("hung", () => new Promise<void>(() => {}));
    registry.onScrape("broken", () => {
      stuck.set(99);
      throw new Error("no database");
    });
    expect(sampleValue(parseExposition(await registry.expose()), "depth")).toBe(7);
    reading = 8;
    const families = parseExposition(await registry.expose());
    expect(sampleValue(families, "depth")).toBe(8);
    expect(sampleValue(families, "stuck")).toBe(99);
    // Two scrapes, each telling of both.
    expect(failures.sort()).toEqual([
      "broken: Error: no database",
      "broken: Error: no database",
      "hung: TimeBoundExceeded: hung did not answer within 20 ms",
      "hung: TimeBoundExceeded: hung did not answer within 20 ms",
    ]);
  });
});

describe("the test reader of the format refuses what Prometheus refuses", () => {
  const refused = [
    ["no final line feed", "# TYPE a counter\na 1"],
    ["a sample before its TYPE", "a 1\n"],
    ["a bad value", "# TYPE a counter\na one\n"],
    ["a bad escape", '# TYPE a counter\na{x="\\t"} 1\n'],
    ["a histogram without +Inf", '# TYPE h histogram\nh_bucket{le="1"} 1\nh_count 1\n'],
    [
      "buckets that are not cumulative",
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="2"} 1\nh_bucket{le="+Inf"} 2\nh_count 2\n',
    ],
  ] as const;
  for (const [what, text] of refused) test(what, () => expect(() => parseExposition(text)).toThrow());
});
