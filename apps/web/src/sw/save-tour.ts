/// <reference lib="webworker" />
import {
  runSave,
  type DownloadProgress,
  type SaveMessage,
  type SaveRequest,
} from '../shared/offline/save-files';

declare const self: ServiceWorkerGlobalScope;

const PROGRESS_EVERY_MS = 100;

const isSaveRequest = (data: unknown): data is SaveRequest =>
  typeof data === 'object' && data !== null && (data as SaveRequest).type === 'earshot-save-tour';

/**
 * The preload screen asks the worker to save a guide: the worker's own requests go straight
 * to the network (they skip its fetch handler), and the save lives as long as the worker does
 * the work, not as long as the page. Progress goes back on the port that came with the request;
 * 'cancel' on that port (the visitor left the screen) stops it.
 */
export function listenForSaves() {
  self.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (!isSaveRequest(event.data) || !port) return;
    const abort = new AbortController();
    port.onmessage = (m) => m.data === 'cancel' && abort.abort();
    const send = (m: SaveMessage) => port.postMessage(m);
    // A progress bar needs no more than a few frames a second; a guide has hundreds of tiles.
    let last = 0;
    const progress = (p: DownloadProgress) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      send({ type: 'progress', progress: p });
    };
    event.waitUntil(
      runSave(event.data, progress, abort.signal).then(
        (progress) => send({ type: 'done', progress }),
        (e: unknown) => send({ type: 'error', message: String(e) }),
      ),
    );
  });
}
