import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string | undefined;
  error?: string | undefined;
  /** Shows a live counter near the limit; the input never accepts more. */
  maxLength?: number | undefined;
  /** Code fields are stored uppercase by the host: show them that way as the user types. */
  uppercase?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  uppercase,
  ...input
}: TextFieldProps) {
  const id = useId();
  const nearLimit = maxLength !== undefined && value.length >= Math.floor(maxLength * 0.8);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChange(uppercase ? event.target.value.toUpperCase() : event.target.value)}
        {...input}
      />
      <div className="field__meta">
        {error ? (
          <span id={`${id}-error`} className="field__error" role="alert">
            {error}
          </span>
        ) : (
          <span id={`${id}-hint`} className="field__hint">
            {hint}
          </span>
        )}
        {nearLimit ? (
          <span className="field__counter" aria-live="polite">
            {value.length}/{maxLength}
          </span>
        ) : null}
      </div>
    </div>
  );
}
