import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import './choice-field.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  hint?: string | undefined;
  error?: string | undefined;
  fieldClassName?: string | undefined;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
  fieldClassName,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}${fieldClassName ? ` ${fieldClassName}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-meta`}
        onChange={(event) => onChange(event.target.value)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div className="field__meta" id={`${id}-meta`}>
        {error ? (
          <span className="field__error" role="alert">
            {error}
          </span>
        ) : (
          <span className="field__hint">{hint}</span>
        )}
      </div>
    </div>
  );
}

interface SegmentedFieldProps<V extends string> {
  label: string;
  name: string;
  value: V;
  onChange(value: V): void;
  options: { value: V; label: ReactNode }[];
  error?: string | undefined;
}

/** A short choice as radio buttons: arrow keys move between them, as in any radio group. */
export function SegmentedField<V extends string>({
  label,
  name,
  value,
  onChange,
  options,
  error,
}: SegmentedFieldProps<V>) {
  return (
    <fieldset className={`segmented${error ? ' field--invalid' : ''}`}>
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function CheckField({ label, checked, onChange, name, error, hint }: CheckFieldProps) {
  const id = useId();
  return (
    <div className={`field check-field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="check-field__label">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <div className="field__meta">
        {error ? (
          <span className="field__error" role="alert">
            {error}
          </span>
        ) : (
          <span className="field__hint">{hint}</span>
        )}
      </div>
    </div>
  );
}
