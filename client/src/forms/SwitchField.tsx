import { InputSwitch } from 'primereact/inputswitch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface SwitchFieldProps<T extends FieldValues, U> {
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  id: string;
  label: string;
  hint?: string;
  disabled?: boolean;
}

/** A yes/no field of a form, with its label beside it. */
export function SwitchField<T extends FieldValues, U>({ control, name, id, label, hint, disabled }: SwitchFieldProps<T, U>) {
  return (
    <div className="field-switch">
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <InputSwitch
            inputId={id}
            checked={field.value === true}
            disabled={disabled ?? false}
            onChange={(event) => field.onChange(event.value)}
          />
        )}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <small className="field__hint">{hint}</small>}
    </div>
  );
}
