// A small reverse proxy for tests and the bench (plain node:http, no dependency): request n
// goes to target n mod N, so consecutive requests land on different nodes.
//
//   const proxy = await startAlternatingProxy(['http://127.0.0.1:4001', 'http://127.0.0.1:4002']);
//   await fetch(`${proxy.url}/api/v1/tours`);   // node 0, then node 1, then node 0 …
//   proxy.byNode                                 // { 'node-a': 1, … } from X-Earshot-Node
//   await proxy.close();
//
// X-Forwarded-For is passed through as the client sent it (a load test names its visitors'
// addresses there, as a CDN in front would); without one, the proxy adds the client's socket
// address. Give the nodes TRUST_PROXY=1 so they read it. Answers come back as the node made
// them, X-Earshot-Node (the node's NODE_NAME) included; a node that cannot be reached → 502.
import http, { type IncomingHttpHeaders } from 'node:http';

export type AlternatingProxy = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Requests sent to each target, in the order of `targets`. */
  sent: number[];
  /** Answers per X-Earshot-Node value (the node's NODE_NAME; `?` when it sent none). */
  byNode: Record<string, number>;
  close: () => Promise<void>;
};

// Headers of one connection, not of the request or answer: never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

const endToEnd = (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
  const out = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
};

export async function startAlternatingProxy(
  targets: readonly string[],
  opts: { port?: number } = {},
): Promise<AlternatingProxy> {
  if (!targets.length) throw new Error('startAlternatingProxy: no targets');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const sent = targets.map(() => 0);
  const byNode: Record<string, number> = {};
  let n = 0;

  const server = http.createServer((req, res) => {
    const i = n++ % targets.length;
    sent[i]!++;
    const target = new URL(req.url ?? '/', targets[i]);
    const headers = endToEnd(req.headers);
    if (headers['x-forwarded-for'] === undefined)
      headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    const upstream = http.request(target, { method: req.method, headers, agent }, (answer) => {
      const node = String(answer.headers['x-earshot-node'] ?? '?');
      byNode[node] = (byNode[node] ?? 0) + 1;
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    });
    upstream.on('error', (e) => {
      if (res.headersSent) return res.destroy(e);
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `Bad gateway: ${targets[i]} (${e.message})` }));
    });
    // A client that goes away takes its request to the node with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sent,
    byNode,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
