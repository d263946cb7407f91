import { describe, expect, it } from 'vitest';
import { DEMO_VIDEO_SIZE, demoLessonVideo } from '../../src/server/domains/videos/demo-video/lesson-video.ts';
import { parseLessonFileName, parseRange } from '../../src/server/domains/videos/service.ts';
import { signPath, verifySignedPath } from '../../src/server/files/signed-links.ts';
import { sniffVideoType, VIDEO_LESSONS, VIDEO_LINK_TTL_SECONDS } from '../../src/shared/videos/lessons.ts';

/** The top-level boxes of an MP4 and the children of a box, by type. */
function boxes(b: Uint8Array, from = 0, to = b.length): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let o = from; o < to; ) {
    const size = view.getUint32(o);
    const type = String.fromCharCode(...b.subarray(o + 4, o + 8));
    expect(size, type).toBeGreaterThanOrEqual(8);
    out.set(type, b.subarray(o + 8, o + size));
    o += size;
  }
  return out;
}

describe('video lessons: shared rules', () => {
  it('the ten lessons of seed 001 §2 screen 9, in order; links live 300 s (§9)', () => {
    expect(VIDEO_LESSONS.map((l) => l.title)).toEqual([
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
    expect(VIDEO_LINK_TTL_SECONDS).toBe(300);
  });

  it('tells MP4 and WebM by their bytes, and refuses text, Matroska and images', () => {
    const ascii = (s: string) => new TextEncoder().encode(s);
    const mp4 = new Uint8Array([0, 0, 0, 0x20, ...ascii('ftypisom'), 0, 0, 2, 0]);
    expect(sniffVideoType(mp4)).toBe('video/mp4');
    const webm = new Uint8Array([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0x82,
      0x84,
      ...ascii('webm'),
    ]);
    expect(sniffVideoType(webm)).toBe('video/webm');
    const mkv = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...ascii('matroska')]);
    expect(sniffVideoType(mkv)).toBeNull();
    expect(sniffVideoType(ascii('Isto é um texto renomeado para .mp4'))).toBeNull();
    expect(
      sniffVideoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
    ).toBeNull();
    expect(sniffVideoType(new Uint8Array([0, 0, 0, 0x20, ...ascii('ftypqt  ')]))).toBeNull();
  });

  it('names a lesson’s file only for a known lesson and type', () => {
    expect(parseLessonFileName('tela-de-tags.webm')).toEqual({ slug: 'tela-de-tags', ext: 'webm' });
    expect(parseLessonFileName('tela-de-tags.mkv')).toBeNull();
    expect(parseLessonFileName('../etc.mp4')).toBeNull();
    expect(parseLessonFileName('outra-aula.mp4')).toBeNull();
  });
});

describe('video lessons: HTTP ranges (RFC 9110 §14)', () => {
  it('one range of any of the three forms; clipped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
  });

  it('unsatisfiable past the end; the whole file for none, several, other units or nonsense', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=1000-1001', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const h of [undefined, '', 'bytes=0-1,5-9', 'items=0-9', 'bytes=9-1', 'bytes=-', 'bytes=a-b'])
      expect(parseRange(h, 1000), String(h)).toBeNull();
  });
});

describe('signed links', () => {
  it('hold until their expiry second and not after; bound to their path', () => {
    const t0 = 1_800_000_000_000;
    const link = signPath('/web/video-lessons/files/tela-de-tags.mp4', 300, t0);
    const url = new URL(link, 'http://x');
    const check = (now: number, path = url.pathname) =>
      verifySignedPath(
        path,
        url.searchParams.get('exp') ?? undefined,
        url.searchParams.get('sig') ?? undefined,
        now,
      );
    expect(check(t0 + 299_000)).toBe(true);
    expect(check(t0 + 300_000)).toBe(true);
    expect(check(t0 + 301_000)).toBe(false);
    expect(check(t0, '/web/video-lessons/files/tela-de-dashboard.mp4')).toBe(false);
  });
});

describe('the demo lesson video (H.264 in MP4, no ffmpeg)', () => {
  const video = demoLessonVideo({ number: 3, seconds: 2, fps: 10 });

  it('is an MP4 with the moov first, 20 samples, one sync sample, and the SPS of a 512×288 Constrained Baseline stream', () => {
    expect(sniffVideoType(video)).toBe('video/mp4');
    const top = boxes(video);
    expect([...top.keys()]).toEqual(['ftyp', 'moov', 'mdat']);
    const moov = top.get('moov')!;
    const trak = boxes(moov, 0, moov.length).get('trak')!;
    const mdia = boxes(trak).get('mdia')!;
    const stbl = boxes(boxes(mdia).get('minf')!).get('stbl')!;
    const table = boxes(stbl);
    const stsz = new DataView(table.get('stsz')!.buffer, table.get('stsz')!.byteOffset);
    expect(stsz.getUint32(8)).toBe(20);
    const stss = new DataView(table.get('stss')!.buffer, table.get('stss')!.byteOffset);
    expect([stss.getUint32(4), stss.getUint32(8)]).toEqual([1, 1]);
    // The sizes add up to the mdat, whose data starts where stco says.
    let total = 0;
    for (let i = 0; i < 20; i++) total += stsz.getUint32(12 + i * 4);
    expect(total).toBe(top.get('mdat')!.length);
    const stco = new DataView(table.get('stco')!.buffer, table.get('stco')!.byteOffset);
    expect(video.byteLength - stco.getUint32(8)).toBe(total);
    // avcC: profile 66 (Baseline) with constraint_set0/1 (Constrained Baseline), level 3.0.
    const stsd = table.get('stsd')!;
    const at = Buffer.from(stsd).indexOf('avcC');
    expect(at).toBeGreaterThan(0);
    expect([...stsd.subarray(at + 4, at + 8)]).toEqual([1, 66, 0xc0, 30]);
    expect(DEMO_VIDEO_SIZE).toEqual({ width: 512, height: 288 });
  });

  it('is small and the same every time (the demo data is reproducible)', () => {
    expect(video.length).toBeLessThan(200_000);
    expect(Buffer.from(demoLessonVideo({ number: 3, seconds: 2, fps: 10 })).equals(Buffer.from(video))).toBe(
      true,
    );
  });
});
