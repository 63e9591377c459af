import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFailure } from '@earshot/core';
import { uploadFile } from '../api/transfer';

/** What the server answers for a stored upload (docs/studio.md). */
export type UploadedMedia = {
  path: string;
  kind: 'audio' | 'image';
  mime: string;
  bytes: number;
  url: string;
  duration_s?: number;
  width?: number;
  height?: number;
};

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; loaded: number; total: number }
  | { status: 'failed'; name: string; message: string }
  | { status: 'cancelled'; name: string };

const isMedia = (body: unknown): body is UploadedMedia =>
  typeof body === 'object' && body !== null && typeof (body as UploadedMedia).path === 'string';

/**
 * One upload at a time to the guide's media pool, with its progress and a cancel, for a field
 * of one `kind` (the server refuses another kind, naming the formats this field accepts).
 */
export function useUpload(
  guideToken: string,
  kind: UploadedMedia['kind'],
  onDone: (media: UploadedMedia) => void,
) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  // A field removed mid-upload (its stop deleted) stops sending.
  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const name = file.name;
      setState({ status: 'uploading', name, loaded: 0, total: file.size });
      const path = `studio/guides/${encodeURIComponent(guideToken)}/media?kind=${kind}&name=${encodeURIComponent(name)}`;
      let status = 0;
      let body: unknown = null;
      try {
        ({ status, body } = await uploadFile(path, file, {
          signal: controller.signal,
          onProgress: (loaded, total) => {
            if (current.current === controller)
              setState({ status: 'uploading', name, loaded, total });
          },
        }));
      } catch (e) {
        // Cancelled (by the publisher, a newer upload or the field's removal): said elsewhere.
        if ((e as Error).name === 'AbortError') return;
      }
      if (current.current !== controller) return;
      current.current = null;
      if ((status === 201 || status === 200) && isMedia(body)) {
        setState({ status: 'idle' });
        done.current(body);
        return;
      }
      // No answer (status 0) reads as a network failure.
      setState({
        status: 'failed',
        name,
        message: uploadFailure(status, body),
      });
    },
    [guideToken, kind],
  );

  const cancel = useCallback(() => {
    const controller = current.current;
    if (!controller) return;
    current.current = null;
    controller.abort();
    setState((s) => ({ status: 'cancelled', name: 'name' in s ? s.name : '' }));
  }, []);

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, cancel, dismiss };
}
