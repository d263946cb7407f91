/**
 * The video lessons of seed 001 §2 screen 9, in the seed's order. Each lesson is one file in the
 * file store, `<prefix><slug>.mp4` or `<prefix><slug>.webm` (VIDEO_LESSONS_PREFIX, default
 * `lessons/`); the titles are the seed's, verbatim.
 */
export const VIDEO_LESSONS = [
  { slug: 'cadastro-de-equipamentos', title: 'Cadastro de Equipamentos' },
  { slug: 'cadastro-de-produtos', title: 'Cadastro de Produtos' },
  { slug: 'tela-de-dashboard', title: 'Tela de Dashboard' },
  { slug: 'cadastro-de-empresas', title: 'Cadastro de Empresas' },
  { slug: 'cadastro-de-funcionarios', title: 'Cadastro de Funcionários' },
  { slug: 'realizando-inspecao', title: 'Realizando Inspeção' },
  { slug: 'realizando-manutencao', title: 'Realizando Manutenção' },
  { slug: 'relatorios-inspecoes', title: 'Relatórios Inspeções' },
  { slug: 'relatorios-manutencoes', title: 'Relatórios Manutenções' },
  { slug: 'tela-de-tags', title: 'Tela de Tags' },
] as const;

export type VideoLessonSlug = (typeof VIDEO_LESSONS)[number]['slug'];
export const VIDEO_LESSON_SLUGS = VIDEO_LESSONS.map((l) => l.slug) as [VideoLessonSlug, ...VideoLessonSlug[]];

/** Seed 001 §9: a signed video link is valid 300 seconds. */
export const VIDEO_LINK_TTL_SECONDS = 300;

/** The video types a lesson may be, by the extension its file is stored under. */
export const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
export type VideoExtension = keyof typeof VIDEO_TYPES;
export type VideoType = (typeof VIDEO_TYPES)[VideoExtension];

/** Bytes `sniffVideoType` reads (the WebM DocType sits inside the EBML header's first bytes). */
export const VIDEO_SIGNATURE_BYTES = 64;

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'msnv',
  'av01',
  'hvc1',
  'f4v ',
]);

/**
 * The real type of a video from its first bytes (the declared type and the name are not trusted):
 * MP4 is an `ftyp` box with an MP4 brand; WebM an EBML header whose DocType is `webm` (a Matroska
 * `.mkv` or a renamed text file is refused).
 */
export function sniffVideoType(b: Uint8Array): VideoType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(8, 12))) return 'video/mp4';
  if (b.length >= 8 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    // DocType element (0x4282) with the string "webm", within the header.
    const head = b.subarray(0, Math.min(b.length, VIDEO_SIGNATURE_BYTES));
    for (let i = 4; i + 6 < head.length; i++) {
      if (head[i] === 0x42 && head[i + 1] === 0x82 && ascii(i + 3, i + 7) === 'webm') return 'video/webm';
    }
  }
  return null;
}

export function extensionOf(type: VideoType): VideoExtension {
  return type === 'video/webm' ? 'webm' : 'mp4';
}
