import { useEffect, useState } from 'react';
import { config } from '../config';
import { requestBlob } from './request';

export const fileUrl = (fileId: string | number) => `${config.userApiUrl}/files/${encodeURIComponent(String(fileId))}`;

export interface FileObject {
  /** An object URL of the downloaded bytes. */
  url: string;
  /** The content type the server stored (decided from the bytes at upload), e.g. `application/pdf`. */
  type: string;
}

/**
 * Downloads a stored file (GET files/:id, with the bearer token) and gives an object URL for it
 * and its content type, released when the file changes or the component unmounts. `undefined`
 * while loading or without a file; `null` when the download failed.
 */
export function useFileObject(fileId: string | number | null | undefined): FileObject | null | undefined {
  const [loaded, setLoaded] = useState<{ fileId: string | number; file: FileObject | null }>();

  useEffect(() => {
    if (fileId == null || fileId === '') return;
    const controller = new AbortController();
    let url: string | undefined;
    requestBlob(fileUrl(fileId), { silent: true, signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ fileId, file: { url, type: blob.type } });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ fileId, file: null });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  return loaded !== undefined && loaded.fileId === fileId ? loaded.file : undefined;
}

/**
 * The object URL of a stored file (see useFileObject). Undefined while loading, without a file,
 * or when the download fails.
 */
export function useFileObjectUrl(fileId: string | number | null | undefined): string | undefined {
  return useFileObject(fileId)?.url;
}
