/**
 * The daily due-date digest (issue 18 item 2) in the recipient's language (pt, en, es; Portuguese
 * is the fallback): the company's counts, its first items (the longest in their notice window
 * first) and links to the inspection report filtered to the same equipment. Dates as the language
 * writes them (DD/MM/YYYY in every language); counted words by the language's plural rules.
 */
import { joinDay } from '../../shared/dates.ts';
import type { Language } from '../../shared/enums.ts';
import type { DueDateState, DueItem } from '../../shared/notifications/schemas.ts';
import { plural } from '../../shared/plural.ts';
import { escapeHtml, type MailContent, mailLanguage, PRODUCT_NAME } from './messages.ts';

export interface DigestCounts {
  equipment: number;
  inspectionsExpired: number;
  inspectionsExpiring: number;
  dueDatesExpired: number;
  dueDatesExpiring: number;
}

/** A cycle of an equipment due or expiring on the digest's day (issue 30 item 2). */
export interface DigestCycle {
  name: string;
  norm: string | null;
  state: DueDateState;
}

/** A due equipment with its due or expiring cycles (none for equipment without cycles). */
export type DigestItem = DueItem & { cycles?: DigestCycle[] };

export interface DigestInput {
  name: string;
  companyName: string;
  /** the day the digest is for, YYYY-MM-DD */
  day: string;
  counts: DigestCounts;
  items: DigestItem[];
  /** absolute links to the report: by next inspection, by due date */
  links: { inspections: string; dueDates: string };
}

interface Texts {
  subject(n: number, company: string): string;
  greeting(name: string): string;
  intro(company: string, day: string): string;
  inspectionsExpired: string;
  inspectionsExpiring: string;
  dueDatesExpired: string;
  dueDatesExpiring: string;
  listTitle: string;
  tag: string;
  inspection: string;
  dueDate: string;
  expired(date: string, days: number): string;
  expiring(date: string, days: number): string;
  more(n: number): string;
  openInspections: string;
  openDueDates: string;
  footer: string;
}

const days = {
  pt: (n: number) => plural('pt', n, { one: '# dia', other: '# dias', many: '# de dias' }),
  en: (n: number) => plural('en', n, { one: '# day', other: '# days' }),
  es: (n: number) => plural('es', n, { one: '# día', other: '# días', many: '# de días' }),
};

const TEXTS: Record<Language, Texts> = {
  pt: {
    subject: (n, c) =>
      `${plural('pt', n, { one: '# equipamento', other: '# equipamentos', many: '# de equipamentos' })} com inspeção ou validade a vencer — ${c}`,
    greeting: (n) => `Olá, ${n}!`,
    intro: (c, d) => `Resumo de vencimentos de ${d} da empresa ${c}:`,
    inspectionsExpired: 'Inspeções vencidas',
    inspectionsExpiring: 'Inspeções a vencer',
    dueDatesExpired: 'Validades vencidas',
    dueDatesExpiring: 'Validades a vencer',
    listTitle: 'Equipamentos',
    tag: 'tag',
    inspection: 'próxima inspeção',
    dueDate: 'validade',
    expired: (d, n) => `vencida em ${d} (há ${days.pt(n)})`,
    expiring: (d, n) =>
      n === 0 ? `vence hoje, ${d}` : n === 1 ? `vence amanhã, ${d}` : `vence em ${days.pt(n)}, ${d}`,
    more: (n) =>
      `… e mais ${plural('pt', n, { one: '# equipamento', other: '# equipamentos', many: '# de equipamentos' })} no relatório.`,
    openInspections: 'Ver as inspeções no relatório',
    openDueDates: 'Ver as validades no relatório',
    footer: `Você recebe este resumo uma vez por dia como administrador no ${PRODUCT_NAME}.`,
  },
  en: {
    subject: (n, c) =>
      `${plural('en', n, { one: '# equipment item', other: '# equipment items' })} with an inspection or expiration date due — ${c}`,
    greeting: (n) => `Hello, ${n}!`,
    intro: (c, d) => `Due-date summary of ${d} for ${c}:`,
    inspectionsExpired: 'Overdue inspections',
    inspectionsExpiring: 'Inspections due soon',
    dueDatesExpired: 'Expired',
    dueDatesExpiring: 'Expiring soon',
    listTitle: 'Equipment',
    tag: 'tag',
    inspection: 'next inspection',
    dueDate: 'expiration date',
    expired: (d, n) => `overdue since ${d} (${days.en(n)} ago)`,
    expiring: (d, n) =>
      n === 0 ? `due today, ${d}` : n === 1 ? `due tomorrow, ${d}` : `due in ${days.en(n)}, ${d}`,
    more: (n) => `… and ${plural('en', n, { one: '# more item', other: '# more items' })} in the report.`,
    openInspections: 'See the inspections in the report',
    openDueDates: 'See the expiration dates in the report',
    footer: `You receive this summary once a day as an administrator in ${PRODUCT_NAME}.`,
  },
  es: {
    subject: (n, c) =>
      `${plural('es', n, { one: '# equipo', other: '# equipos', many: '# de equipos' })} con inspección o vencimiento próximo — ${c}`,
    greeting: (n) => `¡Hola, ${n}!`,
    intro: (c, d) => `Resumen de vencimientos del ${d} de la empresa ${c}:`,
    inspectionsExpired: 'Inspecciones vencidas',
    inspectionsExpiring: 'Inspecciones por vencer',
    dueDatesExpired: 'Validez vencida',
    dueDatesExpiring: 'Validez por vencer',
    listTitle: 'Equipos',
    tag: 'etiqueta',
    inspection: 'próxima inspección',
    dueDate: 'validez',
    expired: (d, n) => `vencida el ${d} (hace ${days.es(n)})`,
    expiring: (d, n) =>
      n === 0 ? `vence hoy, ${d}` : n === 1 ? `vence mañana, ${d}` : `vence en ${days.es(n)}, ${d}`,
    more: (n) =>
      `… y ${plural('es', n, { one: '# equipo más', other: '# equipos más', many: '# de equipos más' })} en el informe.`,
    openInspections: 'Ver las inspecciones en el informe',
    openDueDates: 'Ver la validez en el informe',
    footer: `Recibe este resumen una vez al día como administrador en ${PRODUCT_NAME}.`,
  },
};

/** A calendar day as the product writes it in every language: DD/MM/YYYY. */
export function mailDay(day: string): string {
  const [y = '', m = '', d = ''] = day.split('-');
  return joinDay(d, m, y);
}

function stateText(t: Texts, s: DueDateState): string {
  const d = mailDay(s.date);
  return s.status === 'EXPIRED' ? t.expired(d, -s.daysToExpire) : t.expiring(d, s.daysToExpire);
}

function equipmentName(t: Texts, item: DueItem): string {
  const where = [`${t.tag} ${item.tagSerialNumber}`, item.extraLabel].filter(Boolean).join(', ');
  return `${item.productName} (${item.productSku}) — ${where}`;
}

/** "Manutenção nível 2 (NBR 12962): vence em 10 dias, 01/12/2026" */
function cycleLine(t: Texts, c: DigestCycle): string {
  return `${c.name}${c.norm ? ` (${c.norm})` : ''}: ${stateText(t, c.state)}`;
}

/**
 * "Extintor PQS 6 kg (PQS-6) — tag ABC123, Recepção: próxima inspeção vencida em …; validade vence …".
 * An equipment with due cycles lists them under it (cycleLine) in place of its due date, which is
 * the earliest of theirs; its next inspection stays on its line.
 */
function itemLine(t: Texts, item: DigestItem): string {
  const byCycles = (item.cycles?.length ?? 0) > 0;
  const states = [
    item.nextInspection && `${t.inspection} ${stateText(t, item.nextInspection)}`,
    !byCycles && item.dueDate && `${t.dueDate} ${stateText(t, item.dueDate)}`,
  ].filter(Boolean);
  return `${equipmentName(t, item)}:${states.length ? ` ${states.join('; ')}` : ''}`;
}

export function renderDueDigest(language: string | null | undefined, p: DigestInput): MailContent {
  const lang = mailLanguage(language);
  const t = TEXTS[lang];
  const c = p.counts;
  const counts: [string, number][] = [
    [t.inspectionsExpired, c.inspectionsExpired],
    [t.inspectionsExpiring, c.inspectionsExpiring],
    [t.dueDatesExpired, c.dueDatesExpired],
    [t.dueDatesExpiring, c.dueDatesExpiring],
  ];
  const shownCounts = counts.filter(([, n]) => n > 0);
  const lines = p.items.map((i) => ({
    line: itemLine(t, i),
    cycles: (i.cycles ?? []).map((c) => cycleLine(t, c)),
  }));
  const more = c.equipment - p.items.length;
  const links: [string, string][] = [];
  if (c.inspectionsExpired + c.inspectionsExpiring > 0) links.push([t.openInspections, p.links.inspections]);
  if (c.dueDatesExpired + c.dueDatesExpiring > 0) links.push([t.openDueDates, p.links.dueDates]);
  const day = mailDay(p.day);

  const text = [
    t.greeting(p.name),
    '',
    t.intro(p.companyName, day),
    ...shownCounts.map(([label, n]) => `- ${label}: ${n}`),
    '',
    `${t.listTitle}:`,
    ...lines.flatMap((l) => [`- ${l.line}`, ...l.cycles.map((c) => `  - ${c}`)]),
    ...(more > 0 ? [t.more(more)] : []),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    t.footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');

  const button = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#0f4c4c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:640px;margin:auto">
<h2 style="color:#0f4c4c">${PRODUCT_NAME}</h2>
<p>${escapeHtml(t.greeting(p.name))}</p>
<p>${escapeHtml(t.intro(p.companyName, day))}</p>
<ul>${shownCounts.map(([label, n]) => `<li>${escapeHtml(label)}: <strong>${n}</strong></li>`).join('')}</ul>
<p><strong>${escapeHtml(t.listTitle)}</strong></p>
<ul>${lines.map((l) => `<li>${escapeHtml(l.line)}${l.cycles.length ? `<ul>${l.cycles.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : ''}</li>`).join('\n')}</ul>
${more > 0 ? `<p>${escapeHtml(t.more(more))}</p>` : ''}
<p>${links.map(([label, url]) => button(label, url)).join('')}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t.footer)}</p>
</body></html>`;
  return {
    kind: 'dueDigest',
    subject: `${PRODUCT_NAME}: ${t.subject(c.equipment, p.companyName)}`,
    text,
    html,
  };
}
