import { authHeader } from '../../../shared/auth/store';

/** The answer to an upload: its status and JSON body (null when it had none). */
export type Uploaded = { status: number; body: unknown };

/**
 * Sends `file` as the body of a POST with XMLHttpRequest, whose upload events give a real
 * progress figure (fetch has none for request bodies). Aborting `signal` cancels it; the
 * promise then rejects with an AbortError. A network failure rejects with a TypeError.
 */
export function uploadFile(
  path: string,
  file: Blob,
  {
    onProgress,
    signal,
    contentType,
  }: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    /** The body's type when the file's own may differ (a .zip is application/x-zip-compressed on some systems). */
    contentType?: string;
  } = {},
): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/${path}`);
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('content-type', contentType ?? (file.type || 'application/octet-stream'));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, body: jsonOrNull(xhr.responseText) });
    };
    xhr.onerror = () => reject(new TypeError('The upload did not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function jsonOrNull(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Downloads a guide's draft as a bundle .zip (GET studio/guides/{token}/export). */
export async function downloadExport(token: string): Promise<void> {
  const res = await fetch(`/api/v1/studio/guides/${encodeURIComponent(token)}/export`, {
    headers: authHeader(),
  });
  if (!res.ok) throw new Error(`The export failed (the server answered ${res.status}).`);
  saveBlob(await res.blob(), `${token}.zip`);
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
