import { useEffect, useState } from 'react';
import { config } from '../config';
import { requestBlob } from './request';

export const fileUrl = (fileId: string | number) => `${config.userApiUrl}/files/${encodeURIComponent(String(fileId))}`;

/**
 * Downloads a stored file (GET files/:id, with the bearer token) and gives an
 * object URL for it, released when the file changes or the component unmounts.
 * Undefined while loading, without a file, or when the download fails.
 */
export function useFileObjectUrl(fileId: string | number | null | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ fileId: string | number; url: string }>();

  useEffect(() => {
    if (fileId == null || fileId === '') return;
    const controller = new AbortController();
    let url: string | undefined;
    requestBlob(fileUrl(fileId), { silent: true, signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ fileId, url });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  return loaded !== undefined && loaded.fileId === fileId ? loaded.url : undefined;
}
