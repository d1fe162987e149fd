// A quantity or dimension typed as people write numbers in the UI language (`1.000` and `2,5` in Dutch,
// `1,000` and `2.5` in English): the field keeps the text typed (the draft stores it, so nothing is lost on
// reload) and shows the value as understood beside it while typing ("= 1000"). Reading and messages come
// from src/shared/locale/number-input.ts; docs/input.md ("Numbers").
import type { InputHTMLAttributes, Ref } from 'react';
import {
  formatNumber,
  formatUnderstood,
  parseNumberInput,
  type NumberInputOptions,
} from '../../../shared/locale/number-input.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { useT, type MessageKey, type Translate } from '../i18n/i18n.ts';
import './number-field.css';

/** What a typed number means: nothing typed, a value (and whether to show it as understood), or a problem. */
export type NumberReading =
  | { state: 'empty' }
  | { state: 'value'; value: number; understood: string | undefined }
  | {
      state: 'problem';
      message: string;
      /** Text that can be read two ways (`1,000`): each reading, as it is shown and as it is then written. */
      choices?: { shown: string; text: string }[];
    };

/**
 * Reads a number field's text. The value as understood is shown only where it could be misread: when it
 * is not written exactly as typed (`1.000` → `= 1000`), never for a plain `4`.
 */
export function readNumber(
  t: Translate,
  text: string,
  language: UiLanguage,
  options: NumberInputOptions = {},
): NumberReading {
  if (text.trim() === '') return { state: 'empty' };
  const read = parseNumberInput(text, language, options);
  if (!read.ok && read.readings) {
    // Each reading written so that it reads one way only: `1` and `1000`.
    const choices = read.readings.map((value) => ({
      shown: formatNumber(value, language),
      text: formatNumber(value, language, { grouping: false }),
    }));
    return {
      state: 'problem',
      message: t('input.number.twoReadings', {
        first: choices[0]?.shown ?? '',
        second: choices[1]?.shown ?? '',
      }),
      choices,
    };
  }
  if (!read.ok)
    return {
      state: 'problem',
      message: t(`input.number.${read.error}` as MessageKey, { example: read.example }),
    };
  const plain = formatNumber(read.value, language, { grouping: false });
  return {
    state: 'value',
    value: read.value,
    understood: plain === text.trim() ? undefined : formatUnderstood(read.value, language),
  };
}

interface NumberFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onChange(value: string): void;
  reading: NumberReading;
  /** A problem from elsewhere (the schema, a submit rule): marks the field like its own. */
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * The input and, beside it, the value as understood; its problem is shown where the caller lists them. A
 * number that can be read two ways gets a button for each reading beside it (Tab reaches them).
 */
export function NumberField({ value, onChange, reading, invalid, inputRef, ...rest }: NumberFieldProps) {
  const t = useT();
  const bad = invalid || reading.state === 'problem';
  return (
    <span className="number-field">
      <input
        {...rest}
        ref={inputRef}
        value={value}
        inputMode={rest.inputMode ?? 'decimal'}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={bad ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {reading.state === 'value' && reading.understood ? (
        <span className="number-field__understood" aria-live="polite">
          {reading.understood}
        </span>
      ) : null}
      {reading.state === 'problem' && reading.choices ? (
        <span className="number-field__choices" role="group" aria-label={reading.message}>
          {reading.choices.map((choice) => (
            <button
              key={choice.text}
              type="button"
              className="number-field__choice"
              aria-label={t('input.number.choose', { value: choice.shown })}
              onClick={() => onChange(choice.text)}
            >
              {choice.shown}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
}
