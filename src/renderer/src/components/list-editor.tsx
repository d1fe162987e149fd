import { useId, useState } from 'react';
import './list-editor.css';

interface ListEditorProps {
  label: string;
  hint: string;
  items: string[];
  maxLength: number;
  onChange(items: string[]): void;
  error?: string | undefined;
  /** Why an item cannot be added (a value reserved by the contract), or undefined. */
  refuse?: ((item: string) => string | undefined) | undefined;
  labels: {
    add: string;
    remove(item: string): string;
    empty: string;
    duplicate(item: string): string;
    tooLong(length: number, max: number): string;
  };
}

/** A short list of names: type and press Enter (or Add); each item has its own remove button. */
export function ListEditor({
  label,
  hint,
  items,
  maxLength,
  onChange,
  error,
  refuse,
  labels,
}: ListEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const add = () => {
    const item = draft.trim();
    if (!item) return;
    // Never cut silently: a pasted name that is too long stays in the field with the reason.
    if (item.length > maxLength) {
      setProblem(labels.tooLong(item.length, maxLength));
      return;
    }
    if (items.includes(item)) {
      setProblem(labels.duplicate(item));
      return;
    }
    const refusal = refuse?.(item);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    onChange([...items, item]);
    setDraft('');
    setProblem(undefined);
  };
  const shown = problem ?? error;
  return (
    <div className={`field list-editor${shown ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <ul className="list-editor__items">
        {items.length === 0 ? <li className="list-editor__empty">{labels.empty}</li> : null}
        {items.map((item) => (
          <li key={item} className="chip">
            <span>{item}</span>
            <button
              type="button"
              className="chip__remove"
              aria-label={labels.remove(item)}
              onClick={() => onChange(items.filter((other) => other !== item))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="list-editor__add">
        <input
          id={id}
          value={draft}
          aria-invalid={shown ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(
              event.target.value.trim().length > maxLength
                ? labels.tooLong(event.target.value.trim().length, maxLength)
                : undefined,
            );
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          {labels.add}
        </button>
      </div>
      <div className="field__meta">
        {shown ? (
          <span className="field__error" role="alert">
            {shown}
          </span>
        ) : (
          <span className="field__hint">{hint}</span>
        )}
      </div>
    </div>
  );
}
