// The baseline: a bare node:http server answering fixed responses (status, headers and body
// bytes captured once from the real server) by path. Reads them from the JSON file argv[2].
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export type Canned = { status: number; headers: Record<string, string>; bodyBase64: string };

const table = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Canned>;
const answers = new Map(
  Object.entries(table).map(([p, c]) => {
    const body = Buffer.from(c.bodyBase64, 'base64');
    return [
      p,
      { status: c.status, body, headers: { ...c.headers, 'content-length': body.length } },
    ];
  }),
);

const server = createServer((req, res) => {
  const a = answers.get(req.url ?? '');
  if (req.url === '/api/health') return void res.end('ok');
  if (!a) return void res.writeHead(404).end();
  res.writeHead(a.status, a.headers).end(a.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[3]), '127.0.0.1');
