import type { Generated, GeneratedAlways } from 'kysely';
import type {
  AttributeType,
  CustomAnswerType,
  InspectionQuestionType,
  MaintenanceQuestionType,
  PartUnit,
} from '../../../shared/catalogue/enums.ts';
import type { DefaultTimestamp } from '../../db/core-tables.ts';

/** Columns every editable list row has (rows are disabled, never deleted). */
interface ListRow {
  id: Generated<number>;
  enabled: Generated<boolean>;
  position: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface CategoryAttributeTable extends ListRow {
  category_id: number;
  name: string;
}
export interface InspectionTypeTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  enabled: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface InspectionQuestionTable extends ListRow {
  inspection_type_id: number;
  question: string;
  type: InspectionQuestionType;
  /** a negative answer opens (or joins) a MAINTENANCE service order (migrations/tenant/0401) */
  opens_service_order: Generated<boolean>;
}
export interface MaintenanceQuestionTable extends ListRow {
  inspection_type_id: number;
  question: string;
  type: MaintenanceQuestionType;
}
export interface InspectionTypeAttributeTable extends ListRow {
  inspection_type_id: number;
  attribute: string;
  type: AttributeType;
}
export interface InspectionCustomAnswerTable extends ListRow {
  inspection_question_id: number;
  answer: string;
  type: CustomAnswerType;
}
export interface ProductTable {
  id: Generated<number>;
  sku: string;
  name: string;
  /** search document of sku and name, kept by Postgres (migrations/tenant/0304) */
  search: GeneratedAlways<string>;
  enabled: Generated<boolean>;
  short_description: string | null;
  is_dv_exclusive: Generated<boolean>;
  is_due_date: Generated<boolean>;
  inspection_schedule: number;
  days_notification_due_date: number | null;
  days_notification_next_inspection_date: Generated<number>;
  manufacturing_number: string | null;
  manufacturer: string | null;
  inspection_type_id: number;
  /** YYYY-MM-DD strings (the date type parser keeps them as text). */
  retest_date: string | null;
  recharge_date: string | null;
  weight_date: string | null;
  image_key: string | null;
  image_content_type: string | null;
  image_updated_at: Date | null;
  /** the product's own maintenance cycles replace its type's (tenant 1301) */
  own_cycles: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface MaintenancePartTable extends ListRow {
  product_id: number;
  name: string;
  unit: PartUnit;
}

/** A maintenance cycle (issue 30, tenant 1301): of an inspection type, or of a product (`product_id`). */
export interface MaintenanceCycleTable {
  id: Generated<number>;
  inspection_type_id: number;
  product_id: number | null;
  code: string;
  name: string;
  norm: string | null;
  interval_value: number;
  interval_unit: 'DAYS' | 'MONTHS';
  done_by: 'INSPECTION' | 'MAINTENANCE' | 'ANSWER';
  maintenance_level: number | null;
  question_id: number | null;
  /** upper-case, as `answerKey` compares it */
  answer: string | null;
  /** words of DATE attribute names, as `core.search_text` folds them */
  done_attributes: string[];
  start_from: 'LAST_DONE' | 'MANUFACTURING' | 'FIXED';
  /** YYYY-MM-DD */
  start_date: string | null;
  warning_days: number | null;
  position: number;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Tenant tables of the catalogue domain (migration tenant/0101_catalogue). */
export interface CatalogueTables {
  categories: CategoryTable;
  category_inspection_attributes: CategoryAttributeTable;
  category_maintenance_attributes: CategoryAttributeTable;
  inspection_types: InspectionTypeTable;
  inspection_questions: InspectionQuestionTable;
  maintenance_questions: MaintenanceQuestionTable;
  inspection_type_attributes: InspectionTypeAttributeTable;
  inspection_custom_answers: InspectionCustomAnswerTable;
  products: ProductTable;
  maintenance_parts: MaintenancePartTable;
  maintenance_cycles: MaintenanceCycleTable;
}

// The domain's tables join the database types here (declaration merging), not in db/schema.ts.
declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends CatalogueTables {}
}
