import type { SignSheetRequest } from '@earshot/core';
import { authHeader } from '../../../shared/auth/store';
import { signOutOnRefusal } from '../../../shared/api/client';

/** The answer to an upload: its status and JSON body (null when it had none). */
export type Uploaded = { status: number; body: unknown };

/**
 * Sends `file` as the body of a POST to our API with XMLHttpRequest, whose upload events give
 * a real progress figure (fetch has none for request bodies): the studio's one upload, for a
 * bundle import and for a media file alike. It carries `Authorization`, and a 401 signs out as
 * apiSend's does. Aborting `signal` cancels it; the promise then rejects with an AbortError. A
 * network failure rejects with a TypeError.
 */
export function uploadFile(
  path: string,
  file: Blob,
  {
    onProgress,
    signal,
    contentType,
  }: {
    /** Bytes sent so far, of `total` (the file's size when the browser does not know it). */
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    /** The body's type when the file's own may differ (a .zip is application/x-zip-compressed on some systems). */
    contentType?: string;
  } = {},
): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const auth = authHeader();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/${path}`);
    for (const [k, v] of Object.entries(auth)) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('content-type', contentType ?? (file.type || 'application/octet-stream'));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) =>
      onProgress?.(e.loaded, e.lengthComputable && e.total > 0 ? e.total : file.size);
    xhr.onload = () => {
      signOutOnRefusal(xhr.status, auth.authorization);
      resolve({ status: xhr.status, body: jsonOrNull(xhr.responseText) });
    };
    xhr.onerror = () => reject(new TypeError('The upload did not reach the server.'));
    xhr.onabort = () => reject(abortError());
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

/**
 * A studio call whose answer is a file, saved as a download named `name`. A refusal throws
 * the server's message (a 401 signs out as apiSend's does); no answer at all throws a
 * TypeError, as fetch does.
 */
async function downloadFrom(path: string, name: string, init: RequestInit = {}): Promise<void> {
  const headers = authHeader();
  const res = await fetch(`/api/v1/${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), ...headers },
  });
  signOutOnRefusal(res.status, headers.authorization);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(
      typeof body?.message === 'string' ? body.message : `The server answered ${res.status}.`,
    );
  }
  saveBlob(await res.blob(), name);
}

/** Downloads a guide's draft as a bundle .zip (GET studio/guides/{token}/export). */
export const downloadExport = (token: string) =>
  downloadFrom(`studio/guides/${encodeURIComponent(token)}/export`, `${token}.zip`);

/** Downloads a sheet of the draft's signs as a PDF (POST studio/guides/{token}/signs). */
export const downloadSigns = (token: string, body: SignSheetRequest) =>
  downloadFrom(`studio/guides/${encodeURIComponent(token)}/signs`, `${token}-signs.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
    body: JSON.stringify(body),
  });

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
