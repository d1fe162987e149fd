import { toCodeCase } from '../../../shared/contract/request-fields.ts';
import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The contract's limit: a counter appears near it and turns red past it. Input is never cut. */
  maxLength?: number | undefined;
  length: number;
  className?: string | undefined;
  children: (ids: { id: string; describedBy: string }) => React.ReactNode;
}

/** Label, control, hint or error, and the limit counter: the same frame for every text control. */
function FieldFrame({ label, hint, error, maxLength, length, className, children }: FieldFrameProps) {
  const id = useId();
  const nearLimit = maxLength !== undefined && length >= Math.floor(maxLength * 0.8);
  const over = maxLength !== undefined && length > maxLength;
  return (
    <div className={`field${error || over ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: `${id}-hint ${id}-error` })}
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
          <span className={`field__counter${over ? ' field__counter--over' : ''}`} aria-live="polite">
            {length}/{maxLength}
          </span>
        ) : null}
      </div>
    </div>
  );
}

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'maxLength'
> {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string | undefined;
  error?: string | undefined;
  /**
   * Shows a live counter near the limit. Text past the limit stays visible and is marked (a paste is never
   * cut silently); the schema refuses it with a message.
   */
  maxLength?: number | undefined;
  /** Code fields are stored uppercase by the host: show them that way as the user types. */
  uppercase?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
  fieldClassName?: string | undefined;
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  uppercase,
  inputRef,
  fieldClassName,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      maxLength={maxLength}
      length={value.length}
      className={fieldClassName}
    >
      {({ id, describedBy }) => (
        <input
          id={id}
          ref={inputRef}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(uppercase ? toCodeCase(event.target.value) : event.target.value)}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'maxLength'
> {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string | undefined;
  error?: string | undefined;
  maxLength?: number | undefined;
  fieldClassName?: string | undefined;
}

export function TextAreaField({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  fieldClassName,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      maxLength={maxLength}
      length={value.length}
      className={fieldClassName}
    >
      {({ id, describedBy }) => (
        <textarea
          id={id}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
