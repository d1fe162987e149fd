// The customer desk's table columns, drawn from the portal objects' declarations (portal-objects.ts): a
// column for each labelled key, in the declaration's order, headed by its label and drawn by its kind.
// A tab adds only what a kind cannot say (the quote's weight, the steel quantities) and its actions.
import type { ReactNode } from 'react';
import {
  DOCUMENT_STATUSES,
  LINK_STATUSES,
  REQUEST_STATUSES,
  type DocumentStatus,
  type LinkStatus,
  type RequestStatus,
} from '../../../../shared/contract/portal-objects.ts';
import {
  labelledKeys,
  type LabelledKey,
  type PortalFieldSpec,
  type PortalFieldTable,
  type PortalObject,
} from '../../../../shared/contract/portal-fields.ts';
import { formatDate } from '../../../../shared/locale/date-input.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { formatDateTime } from '../../components/date-time-format.ts';
import { useT, type MessageKey, type Translate } from '../../i18n/i18n.ts';

export interface Column<T> {
  /** Message key of the header; none for the actions column. */
  header?: MessageKey;
  cell(row: T): ReactNode;
  className?: string;
}

/** A declaration whose labels are message keys of the desk: a misspelt label fails the type check. */
type LabelledTable = Readonly<Record<string, PortalFieldSpec & { label?: MessageKey }>>;

export interface ColumnChoices<F extends PortalFieldTable> {
  /** Cells drawn otherwise than their kind says. */
  cells?: Partial<Record<LabelledKey<F>, (row: PortalObject<F>) => ReactNode>>;
  /** Columns left out of this table now (a key the host does not send without an extension). */
  leftOut?: readonly LabelledKey<F>[];
}

const isStatus = (value: string): value is RequestStatus | DocumentStatus =>
  value === 'unknown' ||
  (REQUEST_STATUSES as readonly string[]).includes(value) ||
  (DOCUMENT_STATUSES as readonly string[]).includes(value);

const isLinkStatus = (value: unknown): value is LinkStatus =>
  value === 'unknown' || (typeof value === 'string' && (LINK_STATUSES as readonly string[]).includes(value));

/** A status as the screen says it; a value this version does not know reads "status unknown", never New. */
export function statusText(t: Translate, status: RequestStatus | DocumentStatus): string {
  return t(`customer.status.${status}`);
}

/** A linked document's number with whether it is live or archived, as the host says. */
export function linkedText(t: Translate, no: string, status: LinkStatus): string {
  return no ? `${no} (${t(`customer.linkStatus.${status}`)})` : '–';
}

/** The columns of a portal list, one per labelled key of its declaration. */
export function portalColumns<F extends LabelledTable>(
  fields: F,
  t: Translate,
  choices: ColumnChoices<F> = {},
): Column<PortalObject<F>>[] {
  return labelledKeys(fields)
    .filter((key) => !choices.leftOut?.includes(key))
    .map((key) => {
      const spec = fields[key];
      const drawn = choices.cells?.[key];
      return {
        header: spec?.label,
        className: spec ? classNameOf(spec) : undefined,
        cell: (row: PortalObject<F>) => {
          if (drawn) return drawn(row);
          const values: Record<string, unknown> = row;
          return spec ? cellOf(spec, values[key], values, t) : null;
        },
      };
    });
}

function classNameOf(spec: PortalFieldSpec): string | undefined {
  if (spec.kind === 'text' && spec.note) return 'customer-table__note';
  if (spec.kind === 'number' && spec.amount) return 'customer-table__number';
  return undefined;
}

/** A value drawn by its kind, as every list of the desk draws it. */
function cellOf(
  spec: PortalFieldSpec,
  value: unknown,
  row: Record<string, unknown>,
  t: Translate,
): ReactNode {
  switch (spec.kind) {
    case 'date':
      return <DateText value={typeof value === 'string' ? value : ''} />;
    case 'timestamp':
      return <TimestampText value={typeof value === 'string' ? value : ''} />;
    case 'text':
    case 'payload': {
      const shown = typeof value === 'string' ? value : '';
      if (spec.kind === 'text' && spec.linkStatus) {
        const status = row[spec.linkStatus];
        return linkedText(t, shown, isLinkStatus(status) ? status : 'unknown');
      }
      return shown || (spec.kind === 'text' && spec.empty === 'dash' ? '–' : '');
    }
    case 'number':
      return typeof value === 'number' ? value : '–';
    case 'flag':
      return value === true ? t('customer.yes') : t('customer.no');
    case 'choice':
      return typeof value === 'string' && isStatus(value) ? statusText(t, value) : String(value ?? '');
    case 'object':
    case 'section': {
      // An address and the like: its non-empty text parts, joined.
      const parts = value && typeof value === 'object' ? Object.values(value) : [];
      return parts.filter((part) => typeof part === 'string' && part !== '').join(', ');
    }
    case 'quantities':
      return null;
  }
}

/** A contract date (YYYY-MM-DD) in the UI language's order, as everywhere in VOA Desk. */
function DateText({ value }: { value: string }) {
  const language = useAppStore((state) => state.language);
  return <>{value ? formatDate(value, language) : '–'}</>;
}

/** A host timestamp (UTC) in this workstation's local time, in the UI language's date order. */
function TimestampText({ value }: { value: string }) {
  const language = useAppStore((state) => state.language);
  return <>{formatDateTime(value, language) || '–'}</>;
}

/** One table for every tab: headers, a row per entry, and "Nothing to show." for an empty list. */
export function PortalTable<T>({
  rows,
  columns,
  rowKey,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey(row: T, index: number): string;
}) {
  const t = useT();
  if (!rows.length) return <p className="customer-panel__note">{t('customer.empty')}</p>;
  return (
    <table className="customer-table">
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index}>{column.header ? t(column.header) : null}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {columns.map((column, columnIndex) => (
              <td key={columnIndex} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
