// A date typed in the UI language's order (dd-mm-jjjj in Dutch, dd/mm/yyyy in English), whatever the OS or
// browser locale, with the day as understood beside it and a calendar that works by keyboard. A native
// <input type="date"> follows the browser's locale (mm/dd/yyyy under en-US), so the calendar is a
// small grid of our own: the UI language's order, Monday first, no dependency.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  DATE_NOTATION,
  formatDate,
  monthWeeks,
  parseDateInput,
  shiftDay,
  shiftMonth,
  weekdayIndex,
} from '../../../shared/locale/date-input.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { useT } from '../i18n/i18n.ts';
import { formatLongDay, localDay } from './date-time-format.ts';
import { dateTimeFormat } from './intl-formats.ts';
import './date-field.css';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD once the text reads as a date; until then the text as typed ('' for none). */
  value: string;
  onChange(value: string): void;
  language: UiLanguage;
  hint?: string | undefined;
  error?: string | undefined;
  /** Days before this one (YYYY-MM-DD) are shown as past in the calendar and cannot be picked there. */
  earliest?: string | undefined;
  name?: string;
  fieldClassName?: string | undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the field shows for a value: a date in the UI language's order, anything else as it was typed. */
function shown(value: string, language: UiLanguage): string {
  return ISO_DAY.test(value) ? formatDate(value, language) : value;
}

export function DateField({
  label,
  value,
  onChange,
  language,
  hint,
  error,
  earliest,
  name,
  fieldClassName,
}: DateFieldProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(() => shown(value, language));
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const calendarButton = useRef<HTMLButtonElement>(null);
  /** The value this field last sent, to tell its own changes from a draft restored or cleared. */
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(shown(value, language));
    }
  }, [value, language]);
  // A language switch rewrites a date already read in the new language's order.
  useEffect(() => {
    setText((current) => {
      const read = parseDateInput(current, language);
      return read.ok && read.value === sent.current ? formatDate(read.value, language) : current;
    });
  }, [language]);

  const send = (next: string) => {
    sent.current = next;
    onChange(next);
  };
  const type = (typed: string) => {
    setText(typed);
    const read = parseDateInput(typed, language);
    // Text that is not a date yet stays in the draft as typed: the form's check refuses it, nothing is lost.
    send(read.ok ? read.value : typed.trim() === '' ? '' : typed);
  };
  const choose = (day: string) => {
    setText(formatDate(day, language));
    send(day);
    setOpen(false);
    input.current?.focus();
  };

  const read = parseDateInput(text, language);
  const notation = DATE_NOTATION[language].pattern;
  const ownError =
    text.trim() && !read.ok && read.error !== 'empty'
      ? t(`dateField.error.${read.error}`, { pattern: notation, example: read.example })
      : undefined;
  const shownError = ownError ?? error;
  const understood = read.ok ? t('dateField.understood', { day: formatLongDay(read.value, language) }) : '';

  return (
    <div
      className={`field date-field${shownError ? ' field--invalid' : ''}${fieldClassName ? ` ${fieldClassName}` : ''}`}
    >
      <label htmlFor={id}>{label}</label>
      <div className="date-field__row">
        <input
          id={id}
          ref={input}
          name={name}
          value={text}
          placeholder={notation}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-understood ${id}-meta`}
          onChange={(event) => type(event.target.value)}
          onKeyDown={(event) => {
            if (event.altKey && event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
            }
          }}
        />
        <button
          ref={calendarButton}
          type="button"
          className="button date-field__open"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${id}-calendar` : undefined}
          title={t('dateField.openCalendar')}
          onClick={() => setOpen((was) => !was)}
        >
          <span aria-hidden="true">▦</span>
          <span className="visually-hidden">{t('dateField.openCalendar')}</span>
        </button>
        <span id={`${id}-understood`} className="date-field__understood" data-testid="date-understood">
          {understood}
        </span>
      </div>
      {open ? (
        <Calendar
          id={`${id}-calendar`}
          label={t('dateField.calendar', { label })}
          selected={read.ok ? read.value : undefined}
          earliest={earliest}
          language={language}
          onChoose={choose}
          onClose={(returnFocus) => {
            setOpen(false);
            if (returnFocus) calendarButton.current?.focus();
          }}
        />
      ) : null}
      <div className="field__meta" id={`${id}-meta`}>
        {shownError ? (
          <span className="field__error" role="alert">
            {shownError}
          </span>
        ) : (
          <span className="field__hint">{hint ? `${hint} (${notation})` : notation}</span>
        )}
      </div>
    </div>
  );
}

interface CalendarProps {
  id: string;
  label: string;
  selected: string | undefined;
  earliest: string | undefined;
  language: UiLanguage;
  onChoose(day: string): void;
  /** Escape gives focus back to the calendar button; leaving by Tab or a click keeps it where it went. */
  onClose(returnFocus: boolean): void;
}

/**
 * One month as a grid of days (the WAI-ARIA date picker dialog pattern): one tab stop on the grid, arrows
 * move a day or a week, Page Up and Page Down a month, Home and End to the week's ends, Enter chooses,
 * Escape closes and gives focus back to the calendar button.
 */
function Calendar({ id, label, selected, earliest, language, onChoose, onClose }: CalendarProps) {
  const t = useT();
  const today = localDay(new Date());
  const [focused, setFocused] = useState(() => selected ?? (earliest && earliest > today ? earliest : today));
  const grid = useRef<HTMLTableElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  /** Focus follows the focused day once the grid has it (not while the month buttons are used). */
  const gridHasFocus = useRef(true);
  const [above, setAbove] = useState(false);

  // Opened near the bottom of the window (the date sits low in the form), it opens upwards when there is
  // room there, so the whole month is in view without scrolling.
  useLayoutEffect(() => {
    const box = dialog.current?.getBoundingClientRect();
    const field = dialog.current?.parentElement?.getBoundingClientRect();
    if (box && field && box.bottom > window.innerHeight && field.top - box.height > 56) setAbove(true);
  }, []);
  useEffect(() => {
    dialog.current?.scrollIntoView({ block: 'nearest' });
  }, [above]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !dialog.current?.parentElement?.contains(event.target))
        onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  useEffect(() => {
    if (gridHasFocus.current)
      grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const monthTitle = dateTimeFormat(language, { month: 'long', year: 'numeric' }).format(
    new Date(Number(focused.slice(0, 4)), Number(focused.slice(5, 7)) - 1, 1),
  );
  const weekdays = [...Array(7).keys()].map((index) => {
    // 2024-01-01 was a Monday.
    const day = new Date(2024, 0, 1 + index);
    return {
      short: dateTimeFormat(language, { weekday: 'short' }).format(day),
      long: dateTimeFormat(language, { weekday: 'long' }).format(day),
    };
  });
  const isPast = (day: string) => earliest !== undefined && day < earliest;

  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shiftDay(focused, -1),
      ArrowRight: () => shiftDay(focused, 1),
      ArrowUp: () => shiftDay(focused, -7),
      ArrowDown: () => shiftDay(focused, 7),
      PageUp: () => shiftMonth(focused, event.shiftKey ? -12 : -1),
      PageDown: () => shiftMonth(focused, event.shiftKey ? 12 : 1),
      Home: () => shiftDay(focused, -weekdayIndex(focused)),
      End: () => shiftDay(focused, 6 - weekdayIndex(focused)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      gridHasFocus.current = true;
      setFocused(move());
    }
  };

  return (
    <div
      id={id}
      ref={dialog}
      className={`date-calendar${above ? ' date-calendar--above' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose(true);
        }
      }}
      onBlur={(event) => {
        // Tab out of the calendar closes it. A blur without a next element (a day of the month just left,
        // removed from the page) is no way out; a click elsewhere is caught below.
        const next = event.relatedTarget;
        if (next instanceof Node && !dialog.current?.contains(next)) onClose(false);
      }}
    >
      <div className="date-calendar__head">
        <button
          type="button"
          className="button"
          aria-label={t('dateField.previousMonth')}
          onClick={() => {
            gridHasFocus.current = false;
            setFocused(shiftMonth(focused, -1));
          }}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="date-calendar__title" aria-live="polite" id={`${id}-title`}>
          {monthTitle}
        </div>
        <button
          type="button"
          className="button"
          aria-label={t('dateField.nextMonth')}
          onClick={() => {
            gridHasFocus.current = false;
            setFocused(shiftMonth(focused, 1));
          }}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={`${id}-title`} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  <td key={day} aria-selected={day === selected}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      className={[
                        'date-calendar__day',
                        day === selected ? 'date-calendar__day--selected' : '',
                        day === today ? 'date-calendar__day--today' : '',
                      ].join(' ')}
                      aria-label={`${formatLongDay(day, language)}${day === today ? `, ${t('dateField.today')}` : ''}${isPast(day) ? `, ${t('dateField.past')}` : ''}`}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={isPast(day) ? true : undefined}
                      onFocus={() => {
                        gridHasFocus.current = true;
                        if (day !== focused) setFocused(day);
                      }}
                      onClick={() => {
                        if (!isPast(day)) onChoose(day);
                      }}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="date-calendar__keys">{t('dateField.keys')}</p>
    </div>
  );
}
