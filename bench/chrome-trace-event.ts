/**
 * One event of a Chromium trace (the JSON Playwright's `browser.stopTracing` writes), with the fields
 * the benches' trace readers use: trace-summary.ts, messenger-trace.ts, page-load-timeline.ts and
 * send-timeline.ts. Every field past the first few depends on the event's name and category.
 */
/** A sampled function, as the V8 profiler writes it (every field is there). */
export interface TraceCallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}

export interface TraceEventData {
  frame?: string;
  url?: string;
  documentLoaderURL?: string;
  scriptName?: string;
  requestId?: string;
  requestMethod?: string;
  fromCache?: boolean;
  encodedDataLength?: number;
  statusCode?: number;
  priority?: string;
  message?: string;
  type?: string;
  functionName?: string;
  startTime?: number;
  finishTime?: number;
  timing?: { requestTime: number; sendStart: number; sendEnd: number; receiveHeadersEnd: number };
  cpuProfile?: {
    nodes?: Array<{ id: number; parent?: number; callFrame: TraceCallFrame }>;
    samples?: number[];
  };
  timeDeltas?: number[];
}

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    frame?: string;
    fileName?: string;
    data?: TraceEventData;
    beginData?: TraceEventData;
  };
}
