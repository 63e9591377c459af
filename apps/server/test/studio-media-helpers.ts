import { readdir } from 'node:fs/promises';
import net from 'node:net';
import sharp from 'sharp';
import type { TestEnv } from './helpers.js';

/** The files of the media pool (its temporary folder left out). */
export async function poolFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n !== '.tmp' && n !== 'variants').sort();
}

/** `head` (latin1) followed by 20 KB of the same noise every run: a file that only starts right. */
export function fakeAudio(head: string): Buffer {
  const noise = Buffer.alloc(20_000);
  let x = 12345;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = x >> 16;
  }
  return Buffer.concat([Buffer.from(head, 'latin1'), noise]);
}

/**
 * A 60×40 JPEG, red on its left half and blue on its right, whose EXIF says "turn a quarter
 * clockwise" (orientation 6) and where it was taken (GPS), as a phone writes it.
 */
export async function exifPhoto(): Promise<Buffer> {
  const half = (background: string) =>
    sharp({ create: { width: 30, height: 40, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#000000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 30, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 31/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 40/1 30/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The test app on a real port (for what inject cannot do: a cut-off body). */
export async function listen(env: TestEnv): Promise<{ port: number }> {
  const address = env.app.server.address();
  if (address && typeof address === 'object') return { port: address.port };
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (env.app.server.address() as net.AddressInfo).port };
}

/**
 * A POST written by hand on a socket: its headers as given (a Content-Length that may lie),
 * then `send`; then either the answer, or (abortAfterSend) the socket closed mid-body.
 */
export function rawRequest(
  port: number,
  opts: {
    path: string;
    headers: Record<string, string>;
    send: Buffer;
    /** Called once the body so far has had time to arrive; then the socket is closed. */
    abortAfterSend?: () => Promise<void>;
  },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text.slice(0, end));
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) {
        socket.destroy();
        resolve({
          status: Number(text.slice(9, 12)),
          body: text.slice(end + 4, end + 4 + Number(length[1])),
        });
      }
    });
    socket.on('connect', () => {
      const head = Object.entries({ host: `127.0.0.1:${port}`, ...opts.headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${opts.path} HTTP/1.1\r\n${head}\r\n`);
      socket.write(opts.send, () => {
        if (!opts.abortAfterSend) return;
        setTimeout(() => {
          // The socket closes whatever the check found, so a failed check hangs no server.
          void opts.abortAfterSend!()
            .finally(() => socket.destroy())
            .then(() => resolve({ status: 0, body: '' }), reject);
        }, 200);
      });
    });
  });
}
