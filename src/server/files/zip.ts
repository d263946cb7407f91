/**
 * A ZIP written as a stream (issue 33 item 6, the group export): entries are added one at a time,
 * each from a Buffer or a Readable that is read only when its turn comes, so a table of any size
 * passes through in small pieces (ZIP64 headers are written when the archive needs them).
 * `archiver` is loaded lazily: only the worker's export job pays for it.
 */
import type { Readable } from 'node:stream';

export interface ZipWriter {
  /** Adds an entry and resolves once it is written (the next one may start). */
  add(name: string, body: Readable | Buffer | string): Promise<void>;
  /** Writes the central directory; the output stream ends after it. */
  finish(): Promise<void>;
}

export async function openZip(out: NodeJS.WritableStream, date = new Date()): Promise<ZipWriter> {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', (e) => {
      failure = e;
      reject(e);
    });
    // A missing source file is a warning to archiver; here every entry is given, so it fails.
    archive.on('warning', (e) => {
      failure = e;
      reject(e);
    });
  });
  failed.catch(() => {});
  archive.pipe(out);
  return {
    async add(name, body) {
      if (failure) throw failure;
      const written = new Promise<void>((resolve) => {
        const onEntry = (e: { name: string }) => {
          if (e.name !== name) return;
          archive.removeListener('entry', onEntry);
          resolve();
        };
        archive.on('entry', onEntry);
      });
      archive.append(body, { name, date });
      await Promise.race([written, failed]);
    },
    async finish() {
      if (failure) throw failure;
      await Promise.race([archive.finalize(), failed]);
    },
  };
}
