// A network link between the browser and the server, for figures that depend on the network:
// a TCP relay that adds a round-trip time and caps the bytes per second from the server (one
// cap shared by every connection, as one radio link is). Loopback has neither, so there the
// figures measure the machine's CPU, not how well the app uses a link.
import { createConnection, createServer, type Socket } from 'node:net';
import { freePort } from './server.js';

export type LinkSpec = { mbitPerS: number; rttMs: number };
/** A fair hotel Wi-Fi or 4G cell: where a visitor preloads a guide. */
export const HOTEL_WIFI: LinkSpec = { mbitPerS: 20, rttMs: 40 };

export type Link = { url: string; stop: () => Promise<void> };

export async function startLink(target: string, spec: LinkSpec): Promise<Link> {
  const { hostname, port } = new URL(target);
  const bytesPerMs = (spec.mbitPerS * 1e6) / 8 / 1000;
  const half = spec.rttMs / 2;
  // When the shared downlink is next free (ms, performance clock).
  let downFree = 0;
  const sockets = new Set<Socket>();

  /** Delivers `from`'s chunks to `to` after half the round trip, and downlink time if `capped`. */
  const relay = (from: Socket, to: Socket, capped: boolean) => {
    // One queue a direction, delivered in order by one timer: timers of their own could fire
    // out of order (Node rounds each delay down to whole ms) and garble the stream.
    const queue: { at: number; chunk: Buffer | null }[] = [];
    let timer: NodeJS.Timeout | undefined;
    const pump = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length && queue[0]!.at <= now) {
        const { chunk } = queue.shift()!;
        if (to.destroyed) return;
        if (chunk) to.write(chunk);
        else to.end();
      }
      if (queue.length) timer = setTimeout(pump, Math.ceil(queue[0]!.at - now));
    };
    const push = (chunk: Buffer | null) => {
      const now = performance.now();
      let at = now + half;
      if (capped && chunk) {
        downFree = Math.max(downFree, now) + chunk.length / bytesPerMs;
        at = downFree + half;
      }
      // Never before what came first.
      queue.push({ at: Math.max(at, queue.at(-1)?.at ?? 0), chunk });
      timer ??= setTimeout(pump, Math.ceil(queue[0]!.at - now));
    };
    from.on('data', (chunk: Buffer) => push(chunk));
    from.on('end', () => push(null));
    from.on('error', () => to.destroy());
    from.on('close', () => sockets.delete(from));
  };

  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    sockets.add(client).add(upstream);
    relay(client, upstream, false);
    relay(upstream, client, true);
  });
  const listenPort = await freePort();
  await new Promise<void>((r) => server.listen(listenPort, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${listenPort}`,
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
