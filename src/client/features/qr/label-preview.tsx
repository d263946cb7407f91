import { useTranslation } from 'react-i18next';
import {
  cutMarkSegments,
  type LabelContent,
  type LabelTemplateFields,
  labelBoxes,
  labelContent,
  MM_TO_PT,
  QR_QUIET_ZONE,
} from '../../../shared/qr/templates.ts';
import { QR_NS } from './i18n.ts';

/** What the preview prints on each label besides the code. */
export interface PreviewText {
  companyName: string | null;
  note: string | null;
  logo: boolean;
}

/** A made-up serial of the right length, to show how much room the serial takes. */
const SAMPLE_SERIAL = 'K7MNP3QR8T';
/** Modules of the drawn stand-in code (a version 4 code: the tag URL at level Q). */
const MODULES = 33;

/** A QR-like stand-in: the three finder patterns and a fixed scatter of modules, inside its quiet zone. */
function QrStandIn({ x, y, size }: { x: number; y: number; size: number }) {
  const m = size / (MODULES + 2 * QR_QUIET_ZONE);
  const ox = x + QR_QUIET_ZONE * m;
  const oy = y + QR_QUIET_ZONE * m;
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`}>
      <rect x={ox + fx * m} y={oy + fy * m} width={7 * m} height={7 * m} fill="#111" />
      <rect x={ox + (fx + 1) * m} y={oy + (fy + 1) * m} width={5 * m} height={5 * m} fill="#fff" />
      <rect x={ox + (fx + 2) * m} y={oy + (fy + 2) * m} width={3 * m} height={3 * m} fill="#111" />
    </g>
  );
  const dots: React.ReactElement[] = [];
  for (let r = 0; r < MODULES; r++)
    for (let c = 0; c < MODULES; c++) {
      const inFinder = (r < 8 && c < 8) || (r < 8 && c >= MODULES - 8) || (r >= MODULES - 8 && c < 8);
      if (inFinder || (r * 7 + c * 13 + r * c) % 3 !== 0) continue;
      dots.push(<rect key={`${r}-${c}`} x={ox + c * m} y={oy + r * m} width={m} height={m} fill="#111" />);
    }
  return (
    <g data-role="qr">
      {finder(0, 0)}
      {finder(MODULES - 7, 0)}
      {finder(0, MODULES - 7)}
      {dots}
    </g>
  );
}

function LabelInside({ content, text }: { content: LabelContent; text: PreviewText }) {
  const ptToMm = (pt: number) => pt / MM_TO_PT;
  return (
    <>
      <QrStandIn {...content.qr} />
      {content.logo && (
        <rect
          data-role="logo"
          x={content.logo.x}
          y={content.logo.y}
          width={Math.min(content.logo.w, content.logo.h * 3)}
          height={content.logo.h}
          fill="#cbd5e1"
        />
      )}
      {content.lines.map((l) => {
        const value =
          l.kind === 'serial' ? SAMPLE_SERIAL : l.kind === 'company' ? text.companyName : text.note;
        if (!value) return null;
        const size = ptToMm(l.fontSize);
        // Squeezed into its column when longer than it (the PDF cuts it with "…").
        const tooLong = value.length * size * 0.55 > l.width;
        return (
          <text
            key={l.kind}
            data-role={l.kind}
            x={l.align === 'center' ? l.x + l.width / 2 : l.x}
            y={l.y}
            fontSize={size}
            fontFamily="Helvetica, Arial, sans-serif"
            textAnchor={l.align === 'center' ? 'middle' : 'start'}
            fill="#111"
            {...(tooLong ? { textLength: l.width, lengthAdjust: 'spacingAndGlyphs' } : {})}
          >
            {value}
          </text>
        );
      })}
    </>
  );
}

/**
 * The first sheet of a template in real proportions (an SVG in millimetres): the page, every label
 * with its die-cut corners, the labels already used greyed out, the codes and text placed by the
 * same layout the PDF uses (shared/qr/templates.ts), and the cut marks. Clicking a label starts
 * the batch there.
 */
export function LabelSheetPreview({
  template,
  offset,
  cutMarks,
  text,
  onPick,
}: {
  template: LabelTemplateFields;
  offset: number;
  cutMarks: boolean;
  text: PreviewText;
  onPick?: (offset: number) => void;
}) {
  const { t } = useTranslation(QR_NS);
  const boxes = labelBoxes(template);
  const content = labelContent(template, {
    companyName: !!text.companyName,
    note: !!text.note,
    logo: text.logo,
  });
  const pickable = !!onPick && boxes.length > 1;
  return (
    <svg
      viewBox={`0 0 ${template.pageWidth} ${template.pageHeight}`}
      role="img"
      aria-label={t('preview')}
      data-testid="qr-preview"
      className="mx-auto block h-auto rounded-sm border bg-white shadow-sm"
      // Real proportions: as wide as the column allows, at most 26rem tall.
      style={{
        aspectRatio: `${template.pageWidth} / ${template.pageHeight}`,
        width: `min(100%, calc(26rem * ${template.pageWidth} / ${template.pageHeight}))`,
      }}
    >
      <rect width={template.pageWidth} height={template.pageHeight} fill="#fff" />
      {boxes.map((b, i) => {
        const used = i < offset;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the offset input is the accessible way; clicking a label is a shortcut
          // biome-ignore lint/a11y/useKeyWithClickEvents: idem
          <g
            key={`${b.x}-${b.y}`}
            transform={`translate(${b.x} ${b.y})`}
            data-testid={`preview-label-${i}`}
            data-used={used ? 'true' : 'false'}
            onClick={pickable ? () => onPick(i) : undefined}
            className={pickable ? 'cursor-pointer' : undefined}
          >
            <title>{used ? t('previewUsed', { n: i + 1 }) : t('previewLabel', { n: i + 1 })}</title>
            <rect
              width={b.w}
              height={b.h}
              rx={template.cornerRadius}
              fill={used ? '#e2e8f0' : '#fff'}
              stroke="#94a3b8"
              strokeWidth={Math.max(0.15, template.pageWidth / 700)}
            />
            {!used && <LabelInside content={content} text={text} />}
          </g>
        );
      })}
      {cutMarks && (
        <g data-role="cut-marks" stroke="#111" strokeWidth={0.15}>
          {cutMarkSegments(template).map(([x1, y1, x2, y2]) => (
            <line key={`${x1}-${y1}-${x2}-${y2}`} x1={x1} y1={y1} x2={x2} y2={y2} />
          ))}
        </g>
      )}
    </svg>
  );
}
