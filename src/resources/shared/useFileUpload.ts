import { useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { HttpFailure, authFormErrorMessage } from '../../http';
import { MAX_UPLOAD_BYTES, uploadFile } from './uploadFile';

/** The server's word on a refused upload: its field message (size), else its message (type), else the network's. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof HttpFailure && typeof error.body === 'object' && error.body !== null) {
    const fieldError = (error.body as { errors?: Record<string, unknown> }).errors?.file;
    if (typeof fieldError === 'string' && error.status !== 415) return fieldError;
  }
  return authFormErrorMessage(error);
}

/**
 * A form field holding an uploaded file's id: `choose` (an `<input type=file>`'s change) checks the
 * type and size the server accepts (it decides again from the bytes), uploads at once (POST files)
 * and keeps the id; a refusal, the browser's or the server's, is `error` under the field.
 */
export function useFileUpload(
  source: string,
  { types, wrongType, tooLarge }: { types: readonly string[]; wrongType: string; tooLarge: string },
) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const [fileName, setFileName] = useState<string>();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(undefined);
    if (!types.includes(file.type)) {
      setUploadError(translate(wrongType));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setUploadError(translate(tooLarge));
      return;
    }
    setUploading(true);
    try {
      field.onChange(await uploadFile(file));
      setFileName(file.name);
    } catch (failure) {
      setUploadError(uploadErrorMessage(failure));
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    field.onChange(null);
    setFileName(undefined);
  };

  const value = field.value as number | string | null | undefined;
  return {
    value,
    hasFile: value !== null && value !== undefined && value !== '',
    fileName,
    uploading,
    error: uploadError ?? fieldState.error?.message,
    choose,
    remove,
  };
}
