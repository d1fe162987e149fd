import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  understood: '= {day}',
  'error.format': 'Type a date as {pattern}, for example {example}',
  'error.impossible': 'That day does not exist: type a date as {pattern}, for example {example}',
  openCalendar: 'Choose in calendar',
  calendar: 'Calendar: {label}',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  keys: 'Arrows: day and week · Page Up/Down: month · Enter: choose · Esc: close',
  past: 'in the past',
  today: 'today',
};

export const dateFieldMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    understood: '= {day}',
    'error.format': 'Typ een datum als {pattern}, bijvoorbeeld {example}',
    'error.impossible': 'Die dag bestaat niet: typ een datum als {pattern}, bijvoorbeeld {example}',
    openCalendar: 'Kies in kalender',
    calendar: 'Kalender: {label}',
    previousMonth: 'Vorige maand',
    nextMonth: 'Volgende maand',
    keys: 'Pijlen: dag en week · Page Up/Down: maand · Enter: kiezen · Esc: sluiten',
    past: 'in het verleden',
    today: 'vandaag',
  },
};
