/** The part of archiver 5 (no types of its own) that `files/zip.ts` uses. */
declare module 'archiver' {
  import type { Readable } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
  }
  interface Archiver extends NodeJS.EventEmitter {
    pipe<T extends NodeJS.WritableStream>(destination: T): T;
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'error' | 'warning', listener: (error: Error) => void): this;
  }
  function archiver(format: 'zip', options?: { zlib?: { level?: number }; forceZip64?: boolean }): Archiver;
  export default archiver;
}
