import { config } from '../../config';
import { requestJson } from '../../http';

/** What the user service accepts (it decides from the bytes; this only spares a useless upload). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** A document may also be a PDF. */
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Uploads one file (POST files, multipart field `file`) and answers its id.
 * Silent: the input that asked shows the failure under itself.
 */
export async function uploadFile(file: File): Promise<number> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await requestJson<{ data: { id: number } }>(`${config.userApiUrl}/files`, {
    method: 'POST',
    body,
    silent: true,
  });
  return answer.json.data.id;
}
