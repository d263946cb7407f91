/**
 * What the audit log's entities, actions and fields are called (issue 29 item 4): the database's
 * triggers name a change by its table and column (`service_order_items`, `extra_label`); the screen
 * (the audit feature's bundles take these texts) and the CSV (pt) show these names instead. An
 * entity or field without a name here is shown as it is stored.
 */
import type { Language } from '../enums.ts';
import type { AUDIT_ACTIONS, AUDIT_ENTITIES } from './schemas.ts';

type Entity = (typeof AUDIT_ENTITIES)[number];
type Action = (typeof AUDIT_ACTIONS)[number];

export interface AuditTexts {
  entities: Record<Entity, string>;
  actions: Record<Action, string>;
  /** the columns the log shows most; any other is shown by its name */
  fields: Record<string, string>;
}

const pt: AuditTexts = {
  entities: {
    equipment: 'Equipamento',
    equipment_attribute_values: 'Atributo do equipamento',
    inspections: 'Inspeção',
    maintenances: 'Manutenção',
    tags: 'Tag',
    tag_replacement_requests: 'Substituição de tag',
    service_orders: 'Ordem de serviço',
    service_order_items: 'Item da ordem de serviço',
    webhook_endpoints: 'Webhook',
    tenant_info: 'Dados do grupo',
    categories: 'Categoria',
    products: 'Produto',
    inspection_types: 'Subcategoria',
    record_photos: 'Foto de registro',
    record_seals: 'Assinatura e selo',
    maintenance_cycles: 'Ciclo de manutenção',
    visit_plans: 'Plano de visitas',
    visits: 'Visita',
    users: 'Usuário',
    companies: 'Empresa',
    company_groups: 'Grupo de empresas',
    system_config: 'Configuração do sistema',
    billing_plans: 'Plano',
    billing_subscriptions: 'Assinatura do plano',
  },
  actions: { INSERT: 'Inclusão', UPDATE: 'Alteração', DELETE: 'Exclusão' },
  fields: {
    id: 'Id',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    role: 'Papel',
    enabled: 'Ativo',
    status: 'Status',
    description: 'Descrição',
    company_id: 'Empresa',
    company_group_id: 'Grupo de empresas',
    product_id: 'Produto',
    category_id: 'Categoria',
    inspection_type_id: 'Subcategoria',
    equipment_id: 'Equipamento',
    tag_id: 'Tag',
    serial_number: 'Número de série',
    extra_label: 'Identificação',
    extra_code: 'Número de controle',
    due_date: 'Vencimento',
    next_inspection_date: 'Próxima inspeção',
    last_inspection_at: 'Última inspeção',
    last_maintenance_at: 'Última manutenção',
    attribute_id: 'Atributo',
    value: 'Valor',
    answers: 'Respostas',
    parts: 'Peças',
    user_id: 'Usuário',
    user_name: 'Nome do usuário',
    user_email: 'E-mail do usuário',
    created_at: 'Criado em',
    created_by: 'Criado por',
    performed_at: 'Realizado em',
    sku: 'SKU',
    url: 'URL',
    events: 'Eventos',
    plan_id: 'Plano',
    record_kind: 'Tipo de registro',
    record_id: 'Registro',
    code: 'Código',
    tags_limit: 'Limite de tags',
  },
};

const en: AuditTexts = {
  entities: {
    equipment: 'Equipment',
    equipment_attribute_values: 'Equipment attribute',
    inspections: 'Inspection',
    maintenances: 'Maintenance',
    tags: 'Tag',
    tag_replacement_requests: 'Tag replacement',
    service_orders: 'Service order',
    service_order_items: 'Service order item',
    webhook_endpoints: 'Webhook',
    tenant_info: 'Group data',
    categories: 'Category',
    products: 'Product',
    inspection_types: 'Subcategory',
    record_photos: 'Record photo',
    record_seals: 'Signature and seal',
    maintenance_cycles: 'Maintenance cycle',
    visit_plans: 'Visit plan',
    visits: 'Visit',
    users: 'User',
    companies: 'Company',
    company_groups: 'Company group',
    system_config: 'System setting',
    billing_plans: 'Plan',
    billing_subscriptions: 'Plan subscription',
  },
  actions: { INSERT: 'Created', UPDATE: 'Changed', DELETE: 'Deleted' },
  fields: {
    id: 'Id',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    role: 'Role',
    enabled: 'Enabled',
    status: 'Status',
    description: 'Description',
    company_id: 'Company',
    company_group_id: 'Company group',
    product_id: 'Product',
    category_id: 'Category',
    inspection_type_id: 'Subcategory',
    equipment_id: 'Equipment',
    tag_id: 'Tag',
    serial_number: 'Serial number',
    extra_label: 'Identification',
    extra_code: 'Control number',
    due_date: 'Expiration',
    next_inspection_date: 'Next inspection',
    last_inspection_at: 'Last inspection',
    last_maintenance_at: 'Last maintenance',
    attribute_id: 'Attribute',
    value: 'Value',
    answers: 'Answers',
    parts: 'Parts',
    user_id: 'User',
    user_name: 'User name',
    user_email: 'User e-mail',
    created_at: 'Created at',
    created_by: 'Created by',
    performed_at: 'Performed at',
    sku: 'SKU',
    url: 'URL',
    events: 'Events',
    plan_id: 'Plan',
    record_kind: 'Record type',
    record_id: 'Record',
    code: 'Code',
    tags_limit: 'Tag limit',
  },
};

const es: AuditTexts = {
  entities: {
    equipment: 'Equipo',
    equipment_attribute_values: 'Atributo del equipo',
    inspections: 'Inspección',
    maintenances: 'Mantenimiento',
    tags: 'Etiqueta',
    tag_replacement_requests: 'Sustitución de etiqueta',
    service_orders: 'Orden de servicio',
    service_order_items: 'Ítem de la orden de servicio',
    webhook_endpoints: 'Webhook',
    tenant_info: 'Datos del grupo',
    categories: 'Categoría',
    products: 'Producto',
    inspection_types: 'Subcategoría',
    record_photos: 'Foto de registro',
    record_seals: 'Firma y sello',
    maintenance_cycles: 'Ciclo de mantenimiento',
    visit_plans: 'Plan de visitas',
    visits: 'Visita',
    users: 'Usuario',
    companies: 'Empresa',
    company_groups: 'Grupo de empresas',
    system_config: 'Configuración del sistema',
    billing_plans: 'Plan',
    billing_subscriptions: 'Suscripción del plan',
  },
  actions: { INSERT: 'Alta', UPDATE: 'Cambio', DELETE: 'Baja' },
  fields: {
    id: 'Id',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    role: 'Rol',
    enabled: 'Activo',
    status: 'Estado',
    description: 'Descripción',
    company_id: 'Empresa',
    company_group_id: 'Grupo de empresas',
    product_id: 'Producto',
    category_id: 'Categoría',
    inspection_type_id: 'Subcategoría',
    equipment_id: 'Equipo',
    tag_id: 'Etiqueta',
    serial_number: 'Número de serie',
    extra_label: 'Identificación',
    extra_code: 'Número de control',
    due_date: 'Vencimiento',
    next_inspection_date: 'Próxima inspección',
    last_inspection_at: 'Última inspección',
    last_maintenance_at: 'Último mantenimiento',
    attribute_id: 'Atributo',
    value: 'Valor',
    answers: 'Respuestas',
    parts: 'Piezas',
    user_id: 'Usuario',
    user_name: 'Nombre del usuario',
    user_email: 'Correo del usuario',
    created_at: 'Creado el',
    created_by: 'Creado por',
    performed_at: 'Realizado el',
    sku: 'SKU',
    url: 'URL',
    events: 'Eventos',
    plan_id: 'Plan',
    record_kind: 'Tipo de registro',
    record_id: 'Registro',
    code: 'Código',
    tags_limit: 'Límite de etiquetas',
  },
};

/** The texts of each language (the audit feature's bundles spread them). */
export const AUDIT_TEXTS: Record<Language, AuditTexts> = { pt, en, es };

/** What `map` calls `key`, or the key itself when it has no name there (an own property only). */
function named(map: Record<string, string>, key: string): string {
  return Object.hasOwn(map, key) ? map[key]! : key;
}

/** An entity's name in `lang`; an unknown one (a table added later) as stored. */
export function auditEntityLabel(entity: string, lang: Language = 'pt'): string {
  return named(AUDIT_TEXTS[lang].entities, entity);
}

/** An action's name in `lang`. */
export function auditActionLabel(action: string, lang: Language = 'pt'): string {
  return named(AUDIT_TEXTS[lang].actions, action);
}

/** A changed field's name in `lang`; any other column as stored. */
export function auditFieldLabel(field: string, lang: Language = 'pt'): string {
  return named(AUDIT_TEXTS[lang].fields, field);
}
