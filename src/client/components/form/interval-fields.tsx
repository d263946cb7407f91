/**
 * An interval as a whole number and its unit ("a cada 6 meses"): the number field (blank is "not
 * filled in") and the unit select, bound to two fields of the form. Used by the catalogue's cycle
 * editor (cycles' interval) and the visit plan dialog (plans' interval); each passes its own units
 * and words. `paired` puts both in one cell of the parent grid (side by side); otherwise they are
 * two cells of it.
 *
 *   <IntervalFields form={form} valueName="intervalValue" unitName="intervalUnit" id="visit-plan"
 *     testId="visit-plan" valueLabel={…} unitLabel={…} units={VISIT_INTERVAL_UNITS}
 *     unitText={(u) => t(`plans.units.${u}`)} />
 *
 * Ids and test ids: `<id>-interval`, `<id>-unit`, `<testId>-interval`, `<testId>-unit`.
 */
import type { FieldPath, FieldValues } from 'react-hook-form';
import { SelectField } from './choice-fields.tsx';
import { type AnyForm, TextField } from './fields.tsx';

/** Number inputs: blank is "not filled in" (REQUIRED where required). */
export const numberOrUndefined = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(v);
/** Number inputs whose blank is a value (null). */
export const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function IntervalFields<T extends FieldValues, U extends string>({
  form,
  valueName,
  unitName,
  id,
  testId,
  valueLabel,
  unitLabel,
  units,
  unitText,
  max,
  paired,
}: {
  form: AnyForm<T>;
  valueName: FieldPath<T>;
  unitName: FieldPath<T>;
  id: string;
  testId: string;
  valueLabel: string;
  unitLabel: string;
  units: readonly U[];
  unitText(unit: U): string;
  /** The largest number accepted by the input (the schema checks it too). */
  max?: number;
  paired?: boolean;
}) {
  const fields = (
    <>
      <TextField
        form={form}
        name={valueName}
        id={`${id}-interval`}
        label={valueLabel}
        type="number"
        min={1}
        max={max}
        step={1}
        registerOptions={{ setValueAs: numberOrUndefined }}
        testId={`${testId}-interval`}
      />
      <SelectField
        form={form}
        name={unitName}
        id={`${id}-unit`}
        label={unitLabel}
        options={units.map((u) => ({ value: u, label: unitText(u) }))}
        testId={`${testId}-unit`}
      />
    </>
  );
  return paired ? <div className="grid grid-cols-[1fr_1fr] gap-2">{fields}</div> : fields;
}
