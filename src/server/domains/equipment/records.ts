/**
 * Inspections and maintenances in the field, and the equipment's history (issue 11 items 1, 6),
 * in ./records/: the forms and the check of what a record sends (`forms.ts`), the two writes
 * (`inspect.ts`, `maintain.ts`) and the history (`history.ts`). Other modules import them here.
 */
export {
  checkAnswers,
  enabledQuestions,
  inspectionForm,
  inspectionQuestionsByType,
  maintenanceForm,
  maintenanceQuestionsByType,
  productPartsOf,
} from './records/forms.ts';
export {
  inspectionRecordById,
  inspections,
  maintenanceRecordById,
  maintenances,
  type RecordOwner,
  snapshots,
} from './records/history.ts';
export { inspect } from './records/inspect.ts';
export { maintain } from './records/maintain.ts';
