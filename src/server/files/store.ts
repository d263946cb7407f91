import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '../config.ts';
import { GcsFileStore } from './gcs-store.ts';

/**
 * Where generated files (QR sheets, exports) and uploads (images) live. Local directory by
 * default; a cloud bucket implementation plugs in behind the same interface.
 */
export interface FileStore {
  /** Writes a whole stream or buffer under `key`; atomic (a reader never sees half a file). */
  put(key: string, body: Readable | Buffer | Uint8Array, contentType: string): Promise<{ size: number }>;
  /** Opens a write stream; `commit()` makes it visible under `key`. */
  openWrite(
    key: string,
    contentType: string,
  ): Promise<{ stream: NodeJS.WritableStream; commit(): Promise<{ size: number }>; abort(): Promise<void> }>;
  /** The file, or only the bytes `range` names (inclusive offsets, as in an HTTP Range). */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  /** Size and last change of one file, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The files directly under `prefix` (a folder ending in `/`), not those of its sub-folders. */
  list(prefix: string): Promise<StoredFile[]>;
  /**
   * A URL the browser may read the file from for `ttlSeconds` when the store signs its own links
   * (a GCS V4 signed URL); null when it does not (the local store: the server signs one of its own
   * paths, files/signed-links.ts, and streams the file itself).
   */
  signedReadUrl(key: string, ttlSeconds: number): Promise<string | null>;
  delete(key: string): Promise<void>;
}

/** Inclusive byte offsets of a partial read (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  key: string;
  size: number;
  updatedAt: Date;
}

const TMP_SUFFIX = /\.\d+\.\d+\.tmp$/;

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,250}$/;
export function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file key: ${key}`);
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async openWrite(key: string, _contentType?: string) {
    const final = this.file(key);
    await mkdir(path.dirname(final), { recursive: true });
    const tmp = `${final}.${process.pid}.${Date.now()}.tmp`;
    const stream = createWriteStream(tmp);
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    // An aborted write (its stream destroyed with an error) is not waited for: never unhandled.
    done.catch(() => {});
    return {
      stream,
      commit: async () => {
        if (!stream.writableEnded) stream.end();
        await done;
        await rename(tmp, final);
        return { size: (await stat(final)).size };
      },
      abort: async () => {
        stream.destroy();
        await rm(tmp, { force: true });
      },
    };
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, contentType: string) {
    return writeStreamed(
      key,
      contentType,
      (stream) =>
        pipeline(Buffer.isBuffer(body) || body instanceof Uint8Array ? Readable.from([body]) : body, stream),
      this,
    );
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const f = this.file(key);
    try {
      if (!(await stat(f)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(f, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const st = await stat(this.file(key));
      return st.isFile() ? { key, size: st.size, updatedAt: st.mtime } : null;
    } catch {
      return null;
    }
  }

  async list(prefix: string): Promise<StoredFile[]> {
    assertKey(prefix);
    let names: string[];
    try {
      names = await readdir(path.join(this.root, prefix));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const files = await Promise.all(
      names.filter((n) => !TMP_SUFFIX.test(n)).map((n) => this.stat(`${prefix}${n}`).catch(() => null)),
    );
    return files.filter((f): f is StoredFile => f !== null);
  }

  async signedReadUrl(): Promise<string | null> {
    return null;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

let store: FileStore | undefined;

/**
 * Writes `key` through `render(stream)`: the file appears only once complete, and nothing is left
 * behind when `render` throws (the error is rethrown).
 */
export async function writeStreamed(
  key: string,
  contentType: string,
  render: (stream: NodeJS.WritableStream) => Promise<void>,
  store: FileStore = fileStore(),
): Promise<{ size: number }> {
  const w = await store.openWrite(key, contentType);
  try {
    await render(w.stream);
  } catch (e) {
    await w.abort();
    throw e;
  }
  return w.commit();
}

export function fileStore(): FileStore {
  const bucket = config().GCS_BUCKET;
  store ??= bucket ? new GcsFileStore(bucket) : new LocalFileStore(path.resolve(config().DATA_DIR));
  return store;
}

/** Lets a cloud store (or a test) replace the default. */
export function setFileStore(s: FileStore | undefined): void {
  store = s;
}
