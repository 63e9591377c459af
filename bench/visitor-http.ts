// The load client's HTTP: one timed call, as a browser makes it (keep-alive through Node's
// fetch, undici's pooled connections), with the visitor's address in X-Forwarded-For as a
// CDN in front of the app would send it. Every call is timed to its last body byte and named,
// so that p50/p99 are per call.

/** The visitors process prints this line when its clock starts (after the accounts made before). */
export const CLOCK_STARTED = 'visitors: clock started';

export type CallSample = { name: string; ms: number };

export type Stats = {
  samples: Map<string, number[]>;
  errors: number;
  /** Errors by call and kind (a timeout, a status, a wrong answer): `<call> · <kind>`. */
  errorKinds: Map<string, number>;
  /** The first errors, each with its call, status and the start of its body. */
  errorSamples: string[];
  /** Answers the journey asked for on purpose (a mistyped password: 401), by kind. */
  expected: Map<string, number>;
  /** Which node answered (the proxy's X-Earshot-Node header), by name. */
  nodes: Map<string, number>;
  /** What the server accepted that the database must count: plays, insights events. */
  sent: Map<string, number>;
  requests: number;
};

export const count = (m: Map<string, number>, key: string, n = 1) =>
  m.set(key, (m.get(key) ?? 0) + n);

export const newStats = (): Stats => ({
  samples: new Map(),
  errors: 0,
  errorKinds: new Map(),
  errorSamples: [],
  expected: new Map(),
  nodes: new Map(),
  sent: new Map(),
  requests: 0,
});

export class CallError extends Error {
  /** No answer came (a timeout, a dropped connection): the server may still have done it. */
  constructor(
    message: string,
    readonly unanswered = false,
  ) {
    super(message);
  }
}

export type Call = {
  name: string;
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses that count as success (default: 200). */
  ok?: number[];
  /** Statuses that are expected refusals (counted apart, not errors). */
  refused?: Record<number, string>;
  /** Read the body as bytes, not JSON. */
  bytes?: boolean;
};

export type Answer<T> = { status: number; headers: Headers; data: T; bytes: number };

const TIMEOUT_MS = Number(process.env.BENCH_LOAD_TIMEOUT_MS || 30_000);

/** One visitor's connection to the app: its address, its session token. */
export class Client {
  token: string | null = null;

  constructor(
    readonly base: string,
    readonly origin: string,
    readonly address: string,
    readonly stats: Stats,
  ) {}

  async call<T = unknown>(c: Call): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      accept: c.bytes ? '*/*' : 'application/json',
      'accept-encoding': 'br, gzip',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      // A browser sends its page's Origin with every write.
      ...(c.method && c.method !== 'GET' ? { origin: this.origin } : {}),
      ...c.headers,
    };
    const started = performance.now();
    this.stats.requests++;
    let status = 0;
    let text: string;
    let kind: string;
    try {
      const res = await fetch(this.base + c.path, {
        method: c.method ?? 'GET',
        headers,
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      const buf = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      const node = res.headers.get('x-earshot-node');
      if (node) count(this.stats.nodes, node);
      if ((c.ok ?? [200]).includes(status)) {
        const list = this.stats.samples.get(c.name) ?? [];
        list.push(ms);
        this.stats.samples.set(c.name, list);
        const data = (c.bytes || !buf.length ? buf : JSON.parse(buf.toString('utf8'))) as T;
        return { status, headers: res.headers, data, bytes: buf.length };
      }
      const why = c.refused?.[status];
      if (why) {
        count(this.stats.expected, why);
        return { status, headers: res.headers, data: undefined as T, bytes: buf.length };
      }
      text = buf.toString('utf8').slice(0, 160);
      kind = `answered ${status}`;
    } catch (e) {
      text = (e as Error).message;
      const timeout = (e as Error).name === 'TimeoutError';
      kind = status
        ? `answer ${status} cut off${timeout ? ` at ${TIMEOUT_MS / 1000} s` : ''}`
        : timeout
          ? `no answer within ${TIMEOUT_MS / 1000} s`
          : `no answer (${text.slice(0, 60)})`;
    }
    return this.fail(
      `${c.method ?? 'GET'} ${c.path} (${c.name}) → ${status || 'no answer'} ${text}`,
      status === 0,
      `${c.name} · ${kind}`,
    );
  }

  /** Counts an error (a wrong status, or a right one with a wrong answer) and ends the journey. */
  fail(line: string, unanswered = false, kind = 'a wrong answer'): never {
    this.stats.errors++;
    count(this.stats.errorKinds, kind);
    if (this.stats.errorSamples.length < 20) this.stats.errorSamples.push(line);
    throw new CallError(line, unanswered);
  }
}

/** Nearest-rank percentile of an ascending list. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;
