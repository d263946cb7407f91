import { AUDIT_TEXTS } from '../../../shared/audit/labels.ts';
import { registerTranslations } from '../../i18n/index.ts';

export const NS = 'audit';

const pt = {
  title: 'Log de auditoria',
  description:
    'Cada alteração em equipamentos, tags, registros, OS, usuários, planos, configurações e webhooks: quem, quando, de onde e o que mudou. O log não pode ser editado nem apagado.',
  platformTitle: 'Log de auditoria da plataforma',
  platformDescription:
    'Alterações em configurações, planos e tudo o que não pertence a um grupo de empresas.',
  search: 'Pesquisar pelo registro',
  when: 'Data/hora',
  who: 'Usuário',
  ip: 'IP',
  operation: 'Operação',
  entity: 'Entidade',
  record: 'Registro',
  action: 'Ação',
  changes: 'Alterações',
  system: 'Sistema',
  filterByUser: 'Filtrar por {{name}}',
  clearUser: 'Todos os usuários',
  source: 'Origem',
  sources: { group: 'Dados do grupo', accounts: 'Usuários, empresas e plano' },
  allEntities: 'Todas as entidades',
  allActions: 'Todas as ações',
  // entities, actions and fields by their stored names (shared with the CSV export)
  ...AUDIT_TEXTS.pt,
  from: 'De',
  to: 'Até',
  empty: 'Nenhuma alteração registrada com esses filtros.',
  export: 'Exportar CSV',
  exporting: 'Gerando o CSV…',
  exportProgress: 'Progresso da exportação',
  exportDone: 'CSV pronto: o download começou.',
  exportFailed: 'Não foi possível exportar o log.',
};

const en: typeof pt = {
  title: 'Audit log',
  description:
    'Every change to equipment, tags, records, service orders, users, plans, settings and webhooks: who, when, from where and what changed. The log cannot be edited or deleted.',
  platformTitle: 'Platform audit log',
  platformDescription: 'Changes to settings, plans and anything outside a company group.',
  search: 'Search by record',
  when: 'Date/time',
  who: 'User',
  ip: 'IP',
  operation: 'Operation',
  entity: 'Entity',
  record: 'Record',
  action: 'Action',
  changes: 'Changes',
  system: 'System',
  filterByUser: 'Filter by {{name}}',
  clearUser: 'All users',
  source: 'Source',
  sources: { group: "The group's data", accounts: 'Users, companies and plan' },
  allEntities: 'All entities',
  allActions: 'All actions',
  ...AUDIT_TEXTS.en,
  from: 'From',
  to: 'To',
  empty: 'No change recorded with these filters.',
  export: 'Export CSV',
  exporting: 'Making the CSV…',
  exportProgress: 'Export progress',
  exportDone: 'CSV ready: the download has started.',
  exportFailed: 'The log could not be exported.',
};

const es: typeof pt = {
  title: 'Registro de auditoría',
  description:
    'Cada cambio en equipos, etiquetas, registros, órdenes de servicio, usuarios, planes, configuraciones y webhooks: quién, cuándo, desde dónde y qué cambió. El registro no se puede editar ni borrar.',
  platformTitle: 'Registro de auditoría de la plataforma',
  platformDescription:
    'Cambios en configuraciones, planes y todo lo que no pertenece a un grupo de empresas.',
  search: 'Buscar por registro',
  when: 'Fecha/hora',
  who: 'Usuario',
  ip: 'IP',
  operation: 'Operación',
  entity: 'Entidad',
  record: 'Registro',
  action: 'Acción',
  changes: 'Cambios',
  system: 'Sistema',
  filterByUser: 'Filtrar por {{name}}',
  clearUser: 'Todos los usuarios',
  source: 'Origen',
  sources: { group: 'Datos del grupo', accounts: 'Usuarios, empresas y plan' },
  allEntities: 'Todas las entidades',
  allActions: 'Todas las acciones',
  ...AUDIT_TEXTS.es,
  from: 'Desde',
  to: 'Hasta',
  empty: 'Ningún cambio registrado con estos filtros.',
  export: 'Exportar CSV',
  exporting: 'Generando el CSV…',
  exportProgress: 'Progreso de la exportación',
  exportDone: 'CSV listo: la descarga ha comenzado.',
  exportFailed: 'No se pudo exportar el registro.',
};

registerTranslations(NS, { pt, en, es });
