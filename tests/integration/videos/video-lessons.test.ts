import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { demoLessonVideo } from '../../../src/server/domains/videos/demo-video/lesson-video.ts';
import { lessonKey } from '../../../src/server/domains/videos/service.ts';
import { type FileStore, fileStore, setFileStore } from '../../../src/server/files/store.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';

interface Lesson {
  slug: string;
  title: string;
  url: string | null;
  expiresAt: string | null;
  contentType: string | null;
  size: number | null;
}

async function readAll(key: string): Promise<Buffer> {
  const s = await fileStore().get(key);
  if (!s) throw new Error(`no file ${key}`);
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

function upload(token: string, slug: string, body: BodyInit, headers: Record<string, string> = {}) {
  return testApp().request(`/web/video-lessons/${slug}/`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.18.0.1', ...headers },
    body,
    // A ReadableStream body is sent as it is read (no Content-Length).
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

let admin: string;
let operator: string;

beforeAll(async () => {
  [admin, operator] = await Promise.all([loginAs(DEMO.admin), loginAs(DEMO.operator)]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('video lessons: the list', () => {
  it('every role gets the ten lessons in the seed’s order, the demo videos with links valid 300 s, the missing one without', async () => {
    const before = Date.now();
    const res = await rest<Lesson[]>('GET', '/web/video-lessons/', { token: operator });
    expect(res.status).toBe(200);
    const lessons = res.json.data!;
    expect(lessons.map((l) => l.title)).toEqual([
      'Cadastro de Equipamentos',
      'Cadastro de Produtos',
      'Tela de Dashboard',
      'Cadastro de Empresas',
      'Cadastro de Funcionários',
      'Realizando Inspeção',
      'Realizando Manutenção',
      'Relatórios Inspeções',
      'Relatórios Manutenções',
      'Tela de Tags',
    ]);
    // The demo data: a generated MP4 for all but the last lesson.
    for (const l of lessons.slice(0, -1)) {
      expect(l.url).toMatch(/^\/web\/video-lessons\/files\/[a-z-]+\.mp4\?exp=\d+&sig=[\w-]+$/);
      expect(l.contentType).toBe('video/mp4');
      const expires = Date.parse(l.expiresAt!);
      expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 300_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 300_000);
      expect(l.url).toContain(`exp=${expires / 1000}&`);
    }
    expect(lessons.at(-1)).toMatchObject({ slug: 'tela-de-tags', url: null, expiresAt: null });
  });

  it('a failed listing is a 503 VIDEO_LISTING_FAILED (the page shows its empty state)', async () => {
    const real = fileStore();
    const broken: FileStore = Object.assign(Object.create(Object.getPrototypeOf(real)), real, {
      list: async () => {
        throw new Error('bucket unreachable');
      },
    });
    setFileStore(broken);
    try {
      const res = await rest('GET', '/web/video-lessons/', { token: operator });
      expect(res.status).toBe(503);
      expect(res.json.error?.code).toBe('VIDEO_LISTING_FAILED');
    } finally {
      setFileStore(real);
    }
  });
});

describe('video lessons: signed links', () => {
  it('a link plays until its 300th second: valid at 299 s, refused at 301 s (the server’s clock, set)', async () => {
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 5000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const list = await rest<Lesson[]>('GET', '/web/video-lessons/', { token: operator });
    const url = list.json.data![0]!.url!;
    expect(list.json.data![0]!.expiresAt).toBe(new Date(t0 + 300_000).toISOString());

    vi.setSystemTime(t0 + 299_000);
    const at299 = await testApp().request(url, { headers: { Range: 'bytes=0-15' } });
    expect(at299.status).toBe(206);
    await at299.arrayBuffer();

    vi.setSystemTime(t0 + 301_000);
    const at301 = await rest('GET', url);
    expect(at301.status).toBe(403);
    expect(at301.json.error?.code).toBe('VIDEO_LINK_INVALID');
  });

  it('a tampered signature, another lesson’s path or a missing signature is refused', async () => {
    const list = await rest<Lesson[]>('GET', '/web/video-lessons/', { token: operator });
    const [first, second] = list.json.data!;
    const sig = new URL(first!.url!, 'http://x').searchParams.get('sig')!;
    const exp = new URL(first!.url!, 'http://x').searchParams.get('exp')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const secondPath = new URL(second!.url!, 'http://x').pathname;
    for (const url of [
      first!.url!.replace(`sig=${sig}`, `sig=${flipped}`),
      `${secondPath}?exp=${exp}&sig=${sig}`,
      new URL(first!.url!, 'http://x').pathname,
      first!.url!.replace(`exp=${exp}`, `exp=${Number(exp) + 3600}`),
    ]) {
      const res = await rest('GET', url);
      expect(res.status, url).toBe(403);
      expect(res.json.error?.code).toBe('VIDEO_LINK_INVALID');
    }
  });
});

describe('video lessons: range requests (seeking)', () => {
  let url: string;
  let file: Buffer;
  beforeAll(async () => {
    const list = await rest<Lesson[]>('GET', '/web/video-lessons/', { token: operator });
    url = list.json.data![1]!.url!;
    file = await readAll(lessonKey('cadastro-de-produtos', 'mp4'));
  });

  it('no Range: 200, the whole file, Accept-Ranges: bytes', async () => {
    const res = await testApp().request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Content-Type')).toBe('video/mp4');
    expect(res.headers.get('Content-Length')).toBe(String(file.length));
    expect((await bytes(res)).equals(file)).toBe(true);
  });

  it('bytes=a-b, bytes=a- and bytes=-n answer 206 with Content-Range and exactly those bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1999', 1000, 1999],
      [`bytes=${file.length - 10}-`, file.length - 10, file.length - 1],
      ['bytes=-50', file.length - 50, file.length - 1],
      [`bytes=100-${file.length + 500}`, 100, file.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await testApp().request(url, { headers: { Range: range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(res.headers.get('Content-Length')).toBe(String(end - start + 1));
      expect((await bytes(res)).equals(file.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('a range past the end is 416 VIDEO_RANGE_NOT_SATISFIABLE; several ranges or another version get the whole file', async () => {
    const past = await rest('GET', url, { headers: { Range: `bytes=${file.length}-` } });
    expect(past.status).toBe(416);
    expect(past.json.error).toMatchObject({
      code: 'VIDEO_RANGE_NOT_SATISFIABLE',
      params: { size: file.length },
    });

    const several = await testApp().request(url, { headers: { Range: 'bytes=0-1,5-9' } });
    expect(several.status).toBe(200);
    expect((await bytes(several)).length).toBe(file.length);

    const head = await testApp().request(url);
    const etag = head.headers.get('ETag')!;
    await head.arrayBuffer();
    const same = await testApp().request(url, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    const other = await testApp().request(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"old"' } });
    expect(other.status).toBe(200);
    expect((await bytes(other)).length).toBe(file.length);
  });

  it('HEAD answers the headers alone', async () => {
    const res = await testApp().request(url, { method: 'HEAD', headers: { Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes 10-19/${file.length}`);
    expect((await bytes(res)).length).toBe(0);
  });
});

describe('video lessons: upload (provider admin)', () => {
  const slug = 'tela-de-tags';
  afterEach(async () => {
    await fileStore().delete(lessonKey(slug, 'mp4'));
    await fileStore().delete(lessonKey(slug, 'webm'));
    delete process.env.VIDEO_UPLOAD_MAX_BYTES;
    resetConfig();
  });

  it('an MP4 streamed in becomes the lesson, listed with a link that plays it', async () => {
    const video = Buffer.from(demoLessonVideo({ number: 10, seconds: 1 }));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < video.length; i += 4096) c.enqueue(video.subarray(i, i + 4096));
        c.close();
      },
    });
    const res = await upload(admin, slug, stream, { 'Content-Type': 'application/octet-stream' });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Lesson };
    expect(data).toMatchObject({ slug, title: 'Tela de Tags', contentType: 'video/mp4', size: video.length });
    expect((await readAll(lessonKey(slug, 'mp4'))).equals(video)).toBe(true);

    const list = await rest<Lesson[]>('GET', '/web/video-lessons/', { token: operator });
    const listed = list.json.data!.find((l) => l.slug === slug)!;
    const played = await testApp().request(listed.url!);
    expect(played.status).toBe(200);
    expect((await bytes(played)).equals(video)).toBe(true);
  });

  it('a WebM replaces the MP4 (the type is read from the bytes, whatever the request says)', async () => {
    await upload(admin, slug, Buffer.from(demoLessonVideo({ number: 10, seconds: 1 })));
    // An EBML header whose DocType is "webm", then the rest of the file.
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
      Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
      Buffer.alloc(2000, 7),
    ]);
    const res = await upload(admin, slug, webm, { 'Content-Type': 'video/mp4' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Lesson }).data.contentType).toBe('video/webm');
    expect(await fileStore().stat(lessonKey(slug, 'mp4'))).toBeNull();
    expect((await readAll(lessonKey(slug, 'webm'))).equals(webm)).toBe(true);
  });

  it('a text file renamed to .mp4 is refused by its content (415), and nothing is stored', async () => {
    const text = Buffer.from('Isto não é um vídeo, apenas um arquivo de texto renomeado.\n'.repeat(20));
    const res = await upload(admin, slug, text, {
      'Content-Type': 'video/mp4',
      'Content-Disposition': 'attachment; filename="aula.mp4"',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VIDEO_UPLOAD_INVALID_TYPE');
    expect(await fileStore().stat(lessonKey(slug, 'mp4'))).toBeNull();
    expect(await fileStore().list('lessons/')).not.toContainEqual(
      expect.objectContaining({ key: expect.stringContaining(slug) }),
    );
  });

  it('past VIDEO_UPLOAD_MAX_BYTES the upload is refused (413) — declared or counted while streaming — and nothing is stored', async () => {
    process.env.VIDEO_UPLOAD_MAX_BYTES = '20000';
    resetConfig();
    const video = Buffer.from(demoLessonVideo({ number: 10, seconds: 2 }));
    expect(video.length).toBeGreaterThan(20000);
    const declared = await upload(admin, slug, video);
    expect(declared.status).toBe(413);
    const body = (await declared.json()) as { error: { code: string; params: { max: number } } };
    expect(body.error.code).toBe('VIDEO_UPLOAD_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < video.length; i += 1000) c.enqueue(video.subarray(i, i + 1000));
        c.close();
      },
    });
    const streamed = await upload(admin, slug, stream);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe(
      'VIDEO_UPLOAD_TOO_LARGE',
    );
    expect(await fileStore().stat(lessonKey(slug, 'mp4'))).toBeNull();
    expect((await fileStore().list('lessons/')).map((f) => f.key).filter((k) => k.includes(slug))).toEqual(
      [],
    );
  });

  it('an empty body is 400 VIDEO_UPLOAD_MISSING; an unknown lesson 404; other roles 403', async () => {
    const empty = await upload(admin, slug, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('VIDEO_UPLOAD_MISSING');
    const unknown = await upload(
      admin,
      'aula-inexistente',
      Buffer.from(demoLessonVideo({ number: 1, seconds: 1 })),
    );
    expect(unknown.status).toBe(404);
    for (const email of [DEMO.groupAdmin, DEMO.companyAdmin, DEMO.operator]) {
      const res = await upload(
        await loginAs(email),
        slug,
        Buffer.from(demoLessonVideo({ number: 1, seconds: 1 })),
      );
      expect(res.status, email).toBe(403);
    }
    expect(await fileStore().stat(lessonKey(slug, 'mp4'))).toBeNull();
  });
});
