import type { FeatureMessages } from '../i18n/i18n.ts';

// Numbers as people type them and the scan rule (docs/input.md): one message per kind of problem, each with
// an example of the right form in the UI language.
const en = {
  'number.empty': 'Type a number, for example {example}.',
  'number.notANumber': 'Not a number: write it like {example}.',
  'number.ambiguous': 'Unclear number: write it like {example} (decimal point, comma between thousands).',
  'number.negative': 'A negative number is not possible: type {example}.',
  'number.zero': 'Zero is not possible: type a number above 0.',
  'number.tooManyDecimals': 'Too many decimals: type {example}.',
  'number.tooLarge': 'Too large a number: check what was typed.',
  'number.twoReadings': '{first} or {second}? Choose which is meant.',
  'number.choose': 'Meant: {value}',
  'scan.refused.blocked': 'Item {item} is blocked in the catalog and cannot go on a request.',
  'scan.refused.salesBlocked': 'Item {item} is blocked for sales and cannot go on a request.',
  'scan.refused.sizeBlocked': 'Size {size} of item {item} is blocked and cannot go on a request.',
  'sameSize.title': 'Size already on the order',
  'sameSize.question': '{size} is already on line {line} ({quantity}). Add {added} to line {line}?',
  'sameSize.add': 'Add to line {line}',
  'sameSize.separate': 'Keep as a new line',
  'sameSize.keys': 'Enter adds to line {line}, Esc keeps a new line',
};

export const inputMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    'number.empty': 'Typ een getal, bijvoorbeeld {example}.',
    'number.notANumber': 'Geen getal: schrijf het zo: {example}.',
    'number.ambiguous':
      'Onduidelijk getal: schrijf het zo: {example} (komma voor decimalen, punt tussen duizendtallen).',
    'number.negative': 'Een negatief getal kan niet: typ {example}.',
    'number.zero': 'Nul kan niet: typ een getal groter dan 0.',
    'number.tooManyDecimals': 'Te veel decimalen: typ {example}.',
    'number.tooLarge': 'Te groot getal: kijk na wat er getypt is.',
    'number.twoReadings': '{first} of {second}? Kies wat bedoeld is.',
    'number.choose': 'Bedoeld: {value}',
    'scan.refused.blocked': 'Artikel {item} is geblokkeerd in de catalogus en kan niet op een aanvraag.',
    'scan.refused.salesBlocked': 'Artikel {item} is geblokkeerd voor verkoop en kan niet op een aanvraag.',
    'scan.refused.sizeBlocked': 'Maat {size} van artikel {item} is geblokkeerd en kan niet op een aanvraag.',
    'sameSize.title': 'Maat staat al op de bestelling',
    'sameSize.question': '{size} staat al op regel {line} ({quantity}). {added} bij regel {line} optellen?',
    'sameSize.add': 'Optellen bij regel {line}',
    'sameSize.separate': 'Als nieuwe regel houden',
    'sameSize.keys': 'Enter telt op bij regel {line}, Esc houdt een nieuwe regel',
  },
};
