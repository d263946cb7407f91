/** The MP4 container of the demo video encoder: boxes, the moov first, one track of H.264 samples. */

type Part = Uint8Array | number[];

function concat(parts: Part[]): Uint8Array {
  const size = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const u16 = (v: number) => [(v >>> 8) & 0xff, v & 0xff];
const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(body.length + 8), ascii(type), body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Part[]): Uint8Array {
  return box(type, [version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff], ...parts);
}

const MATRIX = [
  ...u32(0x10000),
  ...u32(0),
  ...u32(0),
  ...u32(0),
  ...u32(0x10000),
  ...u32(0),
  ...u32(0),
  ...u32(0),
  ...u32(0x40000000),
];

export function mp4(
  w: number,
  h: number,
  fps: number,
  spsNal: Uint8Array,
  ppsNal: Uint8Array,
  samples: Uint8Array[],
  sync: number[],
): Uint8Array {
  const timescale = 1000;
  const delta = Math.round(timescale / fps);
  const duration = delta * samples.length;
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  const avcC = box(
    'avcC',
    [1, spsNal[1]!, spsNal[2]!, spsNal[3]!, 0xff, 0xe1],
    u16(spsNal.length),
    spsNal,
    [1],
    u16(ppsNal.length),
    ppsNal,
  );
  const avc1 = box(
    'avc1',
    [0, 0, 0, 0, 0, 0],
    u16(1), // data_reference_index
    new Array(16).fill(0),
    u16(w),
    u16(h),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1), // frame_count
    new Array(32).fill(0), // compressorname
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(samples.length), u32(delta)),
      fullBox('stss', 0, 0, u32(sync.length), ...sync.map((i) => u32(i + 1))),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(samples.length), ...samples.map((s) => u32(s.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(timescale),
        u32(duration),
        u32(0x10000),
        u16(0x100),
        new Array(10).fill(0),
        MATRIX,
        new Array(24).fill(0),
        u32(2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(duration),
          new Array(8).fill(0),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          MATRIX,
          u32(w << 16),
          u32(h << 16),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)),
          fullBox('hdlr', 0, 0, u32(0), ascii('vide'), u32(0), u32(0), u32(0), ascii('VideoHandler'), [0]),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );
  // The moov's size does not depend on the offset it records: measure it, then write it for real.
  const offset = ftyp.length + moov(0).length + 8;
  const mdat = box('mdat', ...samples);
  return concat([ftyp, moov(offset), mdat]);
}

/** One access unit in MP4 form: each NAL unit behind its 4-byte length. */
export function sample(...nals: Uint8Array[]): Uint8Array {
  return concat(nals.flatMap((n) => [u32(n.length), n]));
}
