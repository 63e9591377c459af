// A map tile server for the tests (there is no internet here): answers
// /{layer}/{z}/{x}/{y}.png with a 256 px PNG drawn on the fly — a pale ground with a grid —
// and /{layer}/{z}/{x}/{y}@2x.png with the same tile at 512 px (what Leaflet's {r} asks for on
// a dense screen, decision 0014), and counts what it served at /stats, so a test can tell
// tiles that came from the network from tiles a downloaded guide answered offline.
// Run: npx tsx e2e/servers/tile-server.ts <port>
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

const GROUND: Record<string, [number, number, number]> = {
  roadmap: [238, 234, 224],
  satellite: [92, 112, 84],
  labels: [0, 0, 0],
  terrain: [226, 232, 214],
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * An RGBA tile of `size` px (256, or 512 for @2x): the layer's ground with grid lines every
 * quarter tile (labels: transparent).
 */
export function tilePng(layer: string, size = 256): Buffer {
  const [r, g, b] = GROUND[layer] ?? GROUND.roadmap!;
  const alpha = layer === 'labels' ? 0 : 255;
  const SIZE = size;
  const step = size / 4;
  const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1);
    for (let x = 0; x < SIZE; x++) {
      const line = x % step === 0 || y % step === 0;
      const o = row + 1 + x * 4;
      raw[o] = line ? r - 30 : r;
      raw[o + 1] = line ? g - 30 : g;
      raw[o + 2] = line ? b - 30 : b;
      raw[o + 3] = line && layer === 'labels' ? 90 : alpha;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function startTileServer(port: number, host = '127.0.0.1') {
  const pngs = new Map<string, Buffer>();
  let served = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/stats') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      return res.end(JSON.stringify({ served }));
    }
    const m = /^\/(\w+)\/(\d+)\/(\d+)\/(\d+)(@2x)?\.png$/.exec(url.pathname);
    if (!m || !(m[1]! in GROUND)) {
      res.writeHead(404);
      return res.end();
    }
    served++;
    const key = `${m[1]!}${m[5] ?? ''}`;
    if (!pngs.has(key)) pngs.set(key, tilePng(m[1]!, m[5] ? 512 : 256));
    const png = pngs.get(key)!;
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  });
  server.listen(port, host);
  return server;
}

/**
 * The tile URL templates of a tile server on `port`, as the web build's VITE_TILES_* settings.
 * The layers with text ask for the @2x tiles on a dense screen ({r}); the imagery has no {r},
 * so a dense screen takes it one zoom deeper (Leaflet's detectRetina): both ways are used.
 */
export const tileEnv = (port: number) => ({
  VITE_TILES_ROADMAP: `http://127.0.0.1:${port}/roadmap/{z}/{x}/{y}{r}.png`,
  VITE_TILES_SATELLITE: `http://127.0.0.1:${port}/satellite/{z}/{x}/{y}.png`,
  VITE_TILES_HYBRID_LABELS: `http://127.0.0.1:${port}/labels/{z}/{x}/{y}{r}.png`,
  VITE_TILES_TERRAIN: `http://127.0.0.1:${port}/terrain/{z}/{x}/{y}{r}.png`,
});

if (process.argv[1]?.endsWith('tile-server.ts')) {
  const port = Number(process.argv[2] ?? process.env.E2E_TILE_PORT);
  startTileServer(port);
  console.log(`tiles on http://127.0.0.1:${port}`);
}
