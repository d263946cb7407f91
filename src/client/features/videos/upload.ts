import type { VideoLessonSlug } from '../../../shared/videos/lessons.ts';
import { authHeaders, RestError } from '../../lib/trpc.ts';

/**
 * PUT /web/video-lessons/{slug}/ with the file as the body (the browser streams it; no multipart),
 * reporting the upload's progress 0–100. XMLHttpRequest, because fetch reports no upload progress.
 * Resolves when the server answered 2xx; rejects with a RestError carrying the answer's code.
 */
export function uploadLesson(
  slug: VideoLessonSlug,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/web/video-lessons/${slug}/`);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: { error?: { code?: string; message?: string; params?: Record<string, string | number> } } =
        {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
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
    xhr.send(file);
  });
}
