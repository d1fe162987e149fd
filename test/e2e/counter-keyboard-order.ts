// The three-line counter order entered with the keyboard alone, shared by the counter e2e test and the
// bench: every key is counted, split into the characters of the order's data and everything else.
import type { Page } from '@playwright/test';

export interface CounterOrder {
  contactName: string;
  companyName: string;
  phoneNo: string;
  lines: { itemNo: string; quantity?: string; lengthMm?: string }[];
}

/**
 * A walk-in: two lines typed with quantities (one cut to length) and one scanned (item number + Enter).
 * The numbers are items of the emulator's seeded catalog (seed 1: an IPE 270 beam, a 120 × 60 tube with
 * one 6 m size, an IPE 400 beam), so the lines pass the catalog check whether or not a sync ran first.
 */
export const THREE_LINE_ORDER: CounterOrder = {
  contactName: 'Jan Smit',
  companyName: 'Smit Metaalbouw',
  phoneNo: '0612345678',
  lines: [
    { itemNo: '100002', quantity: '4' },
    { itemNo: '100003', quantity: '12', lengthMm: '1200' },
    { itemNo: '100014' },
  ],
};

export class CountingKeyboard {
  dataCharacters = 0;
  otherKeystrokes = 0;
  readonly log: string[] = [];
  readonly #page: Page;

  constructor(page: Page) {
    this.#page = page;
  }

  /** Characters of the order's data. */
  async type(text: string): Promise<void> {
    this.dataCharacters += text.length;
    this.log.push(JSON.stringify(text));
    await this.#page.keyboard.type(text);
  }

  /** One keystroke or chord (Tab, Enter, Alt+L, Ctrl+Enter) beyond the data. */
  async press(key: string): Promise<void> {
    this.otherKeystrokes += 1;
    this.log.push(key);
    await this.#page.keyboard.press(key);
  }
}

/**
 * From the counter screen with the cursor in the first field (as after a submit or on opening): the
 * customer, then the lines in the entry row (Alt+L jumps there; Enter adds a line), privacy, Ctrl+Enter.
 * The employee is already chosen (remembered by the workstation).
 */
export async function enterCounterOrder(keyboard: CountingKeyboard, order: CounterOrder): Promise<void> {
  await keyboard.type(order.contactName);
  await keyboard.press('Tab');
  await keyboard.type(order.companyName);
  await keyboard.press('Tab');
  await keyboard.type(order.phoneNo);
  await keyboard.press('Alt+L');
  for (const line of order.lines) {
    await keyboard.type(line.itemNo);
    if (line.quantity) {
      await keyboard.press('Tab');
      await keyboard.type(line.quantity);
    }
    if (line.lengthMm) {
      // Quantity → unit → size → length.
      await keyboard.press('Tab');
      await keyboard.press('Tab');
      await keyboard.press('Tab');
      await keyboard.type(line.lengthMm);
    }
    await keyboard.press('Enter');
  }
  await keyboard.press('Alt+P');
  await keyboard.press('Control+Enter');
}
