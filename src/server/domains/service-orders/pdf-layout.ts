/**
 * What the printable service order says, as texts in Portuguese (like the per-record documents of
 * `domains/documents/layout.ts`): the order's fields and one entry per equipment with the URL its QR
 * code encodes (the tag's page, as the labels and certificates encode it). Pure: drawn by
 * `src/render/service-order-pdf.ts`.
 */
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type { OsStatus } from '../../../shared/enums.ts';
import { tagUrl } from '../../../shared/qr/serial.ts';
import type { OsType, Priority, ServiceOrderDetail } from '../../../shared/service-orders/schemas.ts';
import type { ServiceOrderDocument } from '../../../shared/documents/document-types.ts';

export const PRIORITY_TEXT: Record<Priority, string> = {
  LOWEST: 'Muito baixa',
  LOW: 'Baixa',
  AVERAGE: 'Média',
  HIGH: 'Alta',
  HIGHEST: 'Muito alta',
};
export const TYPE_TEXT: Record<OsType, string> = { INSPECTION: 'Inspeção', MAINTENANCE: 'Manutenção' };
export const STATUS_TEXT: Record<OsStatus, string> = {
  PENDING: 'Pendente',
  PARTIAL: 'Parcial',
  FINISHED: 'Finalizada',
  CANCELLED: 'Cancelada',
};

const EMPTY = '—';
const orEmpty = (v: string | null | undefined) => (v?.trim() ? v : EMPTY);
const day = (v: string | null) => (v ? formatDate(v) : EMPTY_DATE);

export function serviceOrderDocument(
  o: ServiceOrderDetail,
  opts: { publicUrl: string },
): ServiceOrderDocument {
  return {
    title: `Ordem de serviço nº ${o.number}`,
    companyName: o.companyName ?? '',
    sections: [
      {
        title: 'Ordem de serviço',
        fields: [
          { label: 'Número', value: String(o.number) },
          { label: 'Data de início', value: day(o.startDate) },
          { label: 'Data de término', value: day(o.endDate) },
          { label: 'Solicitante', value: orEmpty(o.requestUserName) },
          { label: 'Responsável', value: orEmpty(o.responsibleUserName) },
          { label: 'Prioridade', value: PRIORITY_TEXT[o.priority] },
          { label: 'Tipo', value: TYPE_TEXT[o.type] },
          { label: 'Status', value: STATUS_TEXT[o.status] },
          { label: 'Observação', value: orEmpty(o.observation) },
        ],
      },
    ],
    equipmentTitle: `Equipamentos (${o.equipments.length})`,
    equipment: o.equipments.map((e) => ({
      serial: e.equipmentSerialNumber,
      url: tagUrl(opts.publicUrl, e.equipmentSerialNumber),
      fields: [
        { label: 'Tag', value: e.equipmentSerialNumber },
        { label: 'Identificação', value: orEmpty(e.extraLabel) },
        { label: 'Produto', value: `${e.productName} (SKU ${e.productSku})` },
        { label: 'Descrição', value: orEmpty(e.productDescription) },
        { label: 'Responsável', value: orEmpty(e.responsibleUserName) },
        { label: 'Conclusão', value: day(e.completionDate) },
      ],
    })),
    fileBase: `os-${o.number}`,
  };
}
