// A portal object is declared once: its declaration (portal-objects.ts) gives main's reader its keys, the
// customer desk its columns in order and each column its label in both languages. A key added to a
// declaration with its label is read, shown under its label and nothing else needs to change.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PORTAL_DOCUMENT_FIELDS,
  PORTAL_LINE_FIELDS,
  PORTAL_ORDER_FIELDS,
  PORTAL_QUOTE_FIELDS,
  PORTAL_REQUEST_FIELDS,
  PORTAL_SHIPMENT_FIELDS,
  type DocumentStatus,
  type LinkStatus,
  type PortalQuoteRow,
  type RequestStatus,
  type SteelQuantities,
} from '../../src/shared/contract/portal-objects.ts';
import {
  labelledKeys,
  number,
  text,
  type PortalFieldTable,
} from '../../src/shared/contract/portal-fields.ts';
import { readFields } from '../../src/main/core/portal/portal-answers.ts';
import { HOST_WORDS_MAX_CHARS } from '../../src/main/core/host/answer-limits.ts';
import { customerMessages } from '../../src/renderer/src/features/customer/customer-messages.ts';
import { PortalTable, portalColumns } from '../../src/renderer/src/features/customer/portal-columns.tsx';
import { translate } from '../../src/renderer/src/i18n/i18n.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { installFake } from './support/renderer-harness.ts';

const LISTS = {
  requests: PORTAL_REQUEST_FIELDS,
  quotes: PORTAL_QUOTE_FIELDS,
  orders: PORTAL_ORDER_FIELDS,
  shipments: PORTAL_SHIPMENT_FIELDS,
  lines: PORTAL_LINE_FIELDS,
  documents: PORTAL_DOCUMENT_FIELDS,
};

const t = (key: Parameters<typeof translate>[1]) => translate('en', key);

describe('a portal list declared once', () => {
  it.each(Object.entries(LISTS))(
    '%s: the reader reads exactly the declared keys, and each labelled key is a column with its label',
    (_list, fields) => {
      const read = readFields(fields, { unasked: 'ignored' });
      expect(Object.keys(read)).toEqual(Object.keys(fields));
      const table: PortalFieldTable = fields;
      const labels = labelledKeys(table).map((key) => table[key]?.label ?? '');
      expect(labels.length).toBeGreaterThan(0);
      expect(portalColumns(fields, t).map((column) => column.header)).toEqual(labels);
      for (const label of labels) {
        const name = label.replace(/^customer\./, '');
        expect(customerMessages.en).toHaveProperty([name]);
        expect(customerMessages.nl).toHaveProperty([name]);
      }
    },
  );

  it('the types come from the declarations: fixed values stay narrow, numbers may be unknown', () => {
    expectTypeOf<PortalQuoteRow['status']>().toEqualTypeOf<DocumentStatus>();
    expectTypeOf<PortalQuoteRow['orderNoStatus']>().toEqualTypeOf<LinkStatus>();
    expectTypeOf<PortalQuoteRow['totalWeightKg']>().toEqualTypeOf<number | null>();
    expectTypeOf<PortalQuoteRow['accepted']>().toEqualTypeOf<boolean>();
    expectTypeOf(readFields(PORTAL_REQUEST_FIELDS, {}).status).toEqualTypeOf<RequestStatus>();
    expectTypeOf(readFields(PORTAL_LINE_FIELDS, {}).steel).toMatchTypeOf<{
      quantity: SteelQuantities;
      outstanding: SteelQuantities | null;
    } | null>();
  });

  it('reads a hostile row defensively: unknown keys ignored, new values unknown, missing null, long text cut', () => {
    const order = readFields(PORTAL_ORDER_FIELDS, {
      no: 'SO-1',
      status: 'Cancelled',
      quoteNoStatus: 'ACTIVE',
      comment: 'x'.repeat(HOST_WORDS_MAX_CHARS * 5),
      completelyShipped: 'yes',
      lines: Number.NaN,
      __proto__: { polluted: true },
      injected: '<script>',
    });
    expect(order).not.toHaveProperty('injected');
    expect(order.status).toBe('unknown');
    expect(order.quoteNoStatus).toBe('unknown');
    expect(order.comment).toHaveLength(HOST_WORDS_MAX_CHARS);
    expect(order.completelyShipped).toBe(false);
    expect(order.lines).toBeNull();
    expect(order.orderDate).toBe('');
  });

  it('a key added to a declaration with its label is read and shown under its label, in Dutch', async () => {
    installFake('nl');
    await useAppStore.getState().loadSettings();
    const WITH_PICKER = {
      ...PORTAL_ORDER_FIELDS,
      // A new key in the host's answer, shown under an existing label for the test's sake.
      pickedBy: text({ label: 'customer.col.item' }),
      pallets: number({ label: 'customer.col.lines' }),
    } as const;
    const row = readFields(WITH_PICKER, { no: 'SO-9', pickedBy: 'Kees', status: 'Released' });
    expect(row.pickedBy).toBe('Kees');
    expect(row.pallets).toBeNull();
    const nl = (key: Parameters<typeof translate>[1]) => translate('nl', key);
    render(
      <PortalTable rows={[row]} columns={portalColumns(WITH_PICKER, nl)} rowKey={(order) => order.no} />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(-2)).toEqual([nl('customer.col.item'), nl('customer.col.lines')]);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(-2)).toEqual(['Kees', '–']);
    expect(cells[0]).toHaveTextContent('SO-9');
    expect(headers[0]).toBe(nl('customer.col.no'));
  });
});
