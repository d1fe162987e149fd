// A text input for one row of the contract's field tables: its limit counter, code case, input type and
// suggestion list come from the row, so both request forms show a key the same way.
import type { Ref } from 'react';
import type { FieldKind, FieldSpec } from '../../../shared/contract/request-fields.ts';
import { TextField } from '../components/text-field.tsx';

const inputType = (kind: FieldKind) => (kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text');

interface ContractTextFieldProps {
  /** The payload key: the input's name, which error paths and focusing find it by. */
  name: string;
  spec: FieldSpec;
  label: string;
  hint: string | undefined;
  value: string;
  error: string | undefined;
  /** Prefix of the form's suggestion lists (code-suggestions.tsx). */
  idPrefix: string;
  /** An input type other than the row's kind gives (the requested date). */
  type?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  onChange(value: string): void;
  /** The cursor left the field: the form shows it as it will be sent. */
  onLeave(): void;
}

export function ContractTextField({
  name,
  spec,
  label,
  hint,
  value,
  error,
  idPrefix,
  type,
  inputRef,
  onChange,
  onLeave,
}: ContractTextFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      maxLength={spec.maxLength}
      uppercase={spec.kind === 'code'}
      error={error}
      hint={hint}
      type={type ?? inputType(spec.kind)}
      list={spec.suggestions ? `${idPrefix}-${spec.suggestions}` : undefined}
      autoComplete="off"
      spellCheck={false}
      inputRef={inputRef}
      fieldClassName={spec.wide ? 'field--wide' : undefined}
      onChange={onChange}
      onBlur={onLeave}
    />
  );
}
