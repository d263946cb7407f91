/** What the catalogue calls answer (seed 001 §3 field names). */
import type {
  AttributeType,
  CustomAnswerType,
  InspectionQuestionType,
  MaintenanceQuestionType,
  PartUnit,
} from './enums.ts';

export interface CategoryDto {
  id: number;
  name: string;
  enabled: boolean;
  updateDate: Date;
}
export interface CategoryAttributeDto {
  id: number;
  name: string;
  enabled: boolean;
}
export interface InspectionTypeDto {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  categoryEnabled: boolean;
  enabled: boolean;
  updateDate: Date;
}
export interface InspectionQuestionDto {
  id: number;
  question: string;
  type: InspectionQuestionType;
  enabled: boolean;
}
export interface MaintenanceQuestionDto {
  id: number;
  question: string;
  type: MaintenanceQuestionType;
  enabled: boolean;
}
export interface InspectionTypeAttributeDto {
  id: number;
  attribute: string;
  type: AttributeType;
  enabled: boolean;
}
export interface CustomAnswerDto {
  id: number;
  inspectionQuestionId: number;
  answer: string;
  type: CustomAnswerType;
  enabled: boolean;
}
export interface InspectionQuestionWithAnswersDto extends InspectionQuestionDto {
  customAnswers: CustomAnswerDto[];
}
/** Everything the subcategory dialog edits. */
export interface InspectionTypeDetailDto extends InspectionTypeDto {
  inspectionQuestions: InspectionQuestionWithAnswersDto[];
  maintenanceQuestions: MaintenanceQuestionDto[];
  attributes: InspectionTypeAttributeDto[];
}
export interface ProductDto {
  id: number;
  sku: string;
  name: string;
  enabled: boolean;
  shortDescription: string | null;
  isDvExclusive: boolean;
  isDueDate: boolean;
  inspectionSchedule: number;
  daysNotificationDueDate: number | null;
  daysNotificationNextInspectionDate: number;
  manufacturingNumber: string | null;
  manufacturer: string | null;
  categoryId: number;
  categoryName: string;
  inspectionTypeId: number;
  inspectionTypeName: string;
  /** Path of the image (`/web/products/{id}/image?update=…`), null when there is none. */
  image: string | null;
  imageUpdatedAt: Date | null;
  updateDate: Date;
  retestDate: string | null;
  rechargeDate: string | null;
  weightDate: string | null;
  /** True when the caller may not edit it (a provider-exclusive product seen by a non-provider). */
  readOnly: boolean;
}
export interface MaintenancePartDto {
  id: number;
  name: string;
  unit: PartUnit;
  enabled: boolean;
}
/** Option of a select: disabled ones are shown but cannot be picked. */
export interface OptionDto {
  id: number;
  name: string;
  enabled: boolean;
  categoryId?: number;
}
