/**
 * `imports.upload` through its REST door: POST /web/imports/uploads with the file as multipart
 * `file` (the browser streams it; base64 over tRPC would hold a third more in memory), reporting
 * the upload's progress 0–100 (XMLHttpRequest: fetch reports no upload progress). Resolves with
 * the stored upload; rejects with a RestError carrying the answer's code, as restFetch does.
 */
import type { ImportUpload } from '../../../shared/imports/schemas.ts';
import { authHeaders, RestError } from '../../lib/trpc.ts';

export const UPLOAD_PATH = '/web/imports/uploads';

type ErrorBody = { error?: { code?: string; message?: string; params?: Record<string, string | number> } };

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function uploadImportFile(file: File, onProgress: (percent: number) => void): Promise<ImportUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = parseJson<{ data?: ImportUpload }>(xhr.responseText);
        if (body?.data) return resolve(body.data);
        return reject(new RestError(xhr.status, `HTTP_${xhr.status}`, 'unexpected answer'));
      }
      const body = parseJson<ErrorBody>(xhr.responseText) ?? {};
      reject(
        new RestError(
          xhr.status,
          body.error?.code ?? `HTTP_${xhr.status}`,
          body.error?.message ?? xhr.statusText,
          body.error?.params,
        ),
      );
    };
    xhr.onerror = () => reject(new RestError(0, 'NETWORK_ERROR', 'network error'));
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('name', file.name);
    xhr.send(form);
  });
}
