import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket, File, StorageOptions } from '@google-cloud/storage';
import { assertKey, type ByteRange, type FileStore, type StoredFile } from './store.ts';

/**
 * Google Cloud Storage behind the FileStore interface (used when GCS_BUCKET is set). Credentials
 * come from the environment (Application Default Credentials). An object only appears when its
 * upload finishes, so writes are atomic like the local store's rename.
 */
export class GcsFileStore implements FileStore {
  private bucketPromise: Promise<Bucket> | undefined;

  /** `options`: the SDK's (tests point `apiEndpoint` at a local fake and pass a signing key). */
  constructor(
    private readonly bucketName: string,
    private readonly options: StorageOptions = {},
  ) {}

  /** The SDK is loaded on first use: installs on local disk never pay for it. */
  private bucket(): Promise<Bucket> {
    this.bucketPromise ??= import('@google-cloud/storage').then(({ Storage }) =>
      new Storage(this.options).bucket(this.bucketName),
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

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertKey(key);
    const file = (await this.bucket()).file(key);
    const [exists] = await file.exists();
    if (!exists) return null;
    // `end` is inclusive, as in HTTP. A partial read cannot be checked against the object's hash.
    return range
      ? file.createReadStream({ start: range.start, end: range.end, validation: false })
      : file.createReadStream();
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertKey(key);
    try {
      const [meta] = await (await this.bucket()).file(key).getMetadata();
      return storedFile(key, meta);
    } catch (e) {
      if ((e as { code?: unknown }).code === 404) return null;
      throw e;
    }
  }

  /** The objects directly under `prefix` (`delimiter: '/'` leaves sub-folders out), every page. */
  async list(prefix: string): Promise<StoredFile[]> {
    assertKey(prefix);
    const [files] = await (await this.bucket()).getFiles({ prefix, delimiter: '/', autoPaginate: true });
    return files.filter((f) => !f.name.endsWith('/')).map((f) => storedFile(f.name, f.metadata));
  }

  /** A V4 signed URL (GET), valid `ttlSeconds`: the browser reads the bucket directly, with ranges. */
  async signedReadUrl(key: string, ttlSeconds: number): Promise<string | null> {
    assertKey(key);
    const [url] = await (await this.bucket())
      .file(key)
      .getSignedUrl({ version: 'v4', action: 'read', expires: Date.now() + ttlSeconds * 1000 });
    return url;
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

function storedFile(key: string, meta: File['metadata']): StoredFile {
  return {
    key,
    size: Number(meta.size ?? 0),
    updatedAt: new Date(String(meta.updated ?? meta.timeCreated ?? 0)),
  };
}
