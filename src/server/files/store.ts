import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
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
  get(key: string): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

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
    const w = await this.openWrite(key, contentType);
    try {
      await pipeline(
        Buffer.isBuffer(body) || body instanceof Uint8Array ? Readable.from([body]) : body,
        w.stream,
      );
    } catch (e) {
      await w.abort();
      throw e;
    }
    return w.commit();
  }

  async get(key: string): Promise<Readable | null> {
    const f = this.file(key);
    try {
      await stat(f);
    } catch {
      return null;
    }
    return createReadStream(f);
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

export function fileStore(): FileStore {
  const bucket = config().GCS_BUCKET;
  store ??= bucket ? new GcsFileStore(bucket) : new LocalFileStore(path.resolve(config().DATA_DIR));
  return store;
}

/** Lets a cloud store (or a test) replace the default. */
export function setFileStore(s: FileStore | undefined): void {
  store = s;
}
