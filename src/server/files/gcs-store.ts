import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket } from '@google-cloud/storage';
import { assertKey, type FileStore } from './store.ts';

/**
 * Google Cloud Storage behind the FileStore interface (used when GCS_BUCKET is set). Credentials
 * come from the environment (Application Default Credentials). An object only appears when its
 * upload finishes, so writes are atomic like the local store's rename.
 */
export class GcsFileStore implements FileStore {
  private bucketPromise: Promise<Bucket> | undefined;

  constructor(private readonly bucketName: string) {}

  /** The SDK is loaded on first use: installs on local disk never pay for it. */
  private bucket(): Promise<Bucket> {
    this.bucketPromise ??= import('@google-cloud/storage').then(({ Storage }) =>
      new Storage().bucket(this.bucketName),
    );
    return this.bucketPromise;
  }

  async openWrite(key: string, contentType: string) {
    assertKey(key);
    const upload = (await this.bucket())
      .file(key)
      .createWriteStream({ resumable: false, contentType, metadata: { contentType } });
    const stream = new PassThrough();
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
    });
    const done = pipeline(stream, upload);
    return {
      stream,
      commit: async () => {
        if (!stream.writableEnded) stream.end();
        await done;
        return { size };
      },
      abort: async () => {
        stream.destroy(new Error('aborted'));
        await done.catch(() => {});
      },
    };
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, contentType: string) {
    const w = await this.openWrite(key, contentType);
    if (Buffer.isBuffer(body) || body instanceof Uint8Array) w.stream.end(body);
    else body.pipe(w.stream);
    return w.commit();
  }

  async get(key: string): Promise<Readable | null> {
    assertKey(key);
    const file = (await this.bucket()).file(key);
    const [exists] = await file.exists();
    return exists ? file.createReadStream() : null;
  }

  async size(key: string): Promise<number | null> {
    assertKey(key);
    try {
      const [meta] = await (await this.bucket()).file(key).getMetadata();
      return Number(meta.size);
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await (await this.bucket()).file(key).delete({ ignoreNotFound: true });
  }
}
