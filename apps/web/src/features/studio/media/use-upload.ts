import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFailure } from '@earshot/core';
import { authHeader } from '../../../shared/auth/store';

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

/**
 * One upload at a time to the guide's media pool, with its progress and a cancel, for a field
 * of one `kind` (the server refuses another kind, naming the formats this field accepts).
 * XMLHttpRequest rather than fetch: fetch reports no upload progress.
 */
export function useUpload(
  guideToken: string,
  kind: UploadedMedia['kind'],
  onDone: (media: UploadedMedia) => void,
) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const xhr = useRef<XMLHttpRequest | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  // A field removed mid-upload (its stop deleted) stops sending.
  useEffect(() => () => xhr.current?.abort(), []);

  const upload = useCallback(
    (file: File) => {
      xhr.current?.abort();
      const request = new XMLHttpRequest();
      xhr.current = request;
      const name = file.name;
      setState({ status: 'uploading', name, loaded: 0, total: file.size });
      request.open(
        'POST',
        `/api/v1/studio/guides/${encodeURIComponent(guideToken)}/media?kind=${kind}&name=${encodeURIComponent(name)}`,
      );
      for (const [k, v] of Object.entries(authHeader())) request.setRequestHeader(k, v);
      request.setRequestHeader('content-type', file.type || 'application/octet-stream');
      request.upload.onprogress = (e) =>
        setState({
          status: 'uploading',
          name,
          loaded: e.loaded,
          total: e.lengthComputable ? e.total : file.size,
        });
      request.onload = () => {
        if (xhr.current !== request) return;
        xhr.current = null;
        if (request.status === 201 || request.status === 200) {
          try {
            const media = JSON.parse(request.responseText) as UploadedMedia;
            setState({ status: 'idle' });
            done.current(media);
            return;
          } catch {
            // An answer that is not the media record reads as a failure below.
          }
        }
        setState({
          status: 'failed',
          name,
          message: uploadFailure(request.status, request.responseText),
        });
      };
      request.onerror = () => {
        if (xhr.current !== request) return;
        xhr.current = null;
        setState({ status: 'failed', name, message: uploadFailure(0, '') });
      };
      request.onabort = () => {
        if (xhr.current === request) xhr.current = null;
      };
      request.send(file);
    },
    [guideToken, kind],
  );

  const cancel = useCallback(() => {
    const request = xhr.current;
    if (!request) return;
    xhr.current = null;
    request.abort();
    setState((s) => ({ status: 'cancelled', name: 'name' in s ? s.name : '' }));
  }, []);

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, cancel, dismiss };
}
