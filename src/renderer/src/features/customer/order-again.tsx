// "Order again": the employee chooses lines of a signed-in customer's quote, order or shipment, and they
// become new lines of the counter or fair form, matched to the local catalog like typed lines. They stay
// the customer's data in the form (they leave it with the customer) and nothing is sent until the form is.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LineDocumentType, PortalDocumentLine } from '../../../../shared/contract/portal-objects.ts';
import { lineFromDocumentLine } from '../../../../shared/contract/portal-reorder.ts';
import type { CatalogItemDetail } from '../../../../shared/contract/catalog-search.ts';
import { withPortalValues, type DraftTarget } from '../../../../shared/contract/request-drafts.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { MAX_QUOTE_LINES } from '../../../../shared/contract/request-schemas.ts';
import type { BridgeAnswer } from '../../bridge/voa.ts';
import { useT } from '../../i18n/i18n.ts';
import { newLineKey } from '../../request-form/draft-entry.ts';
import { useAppStore } from '../../store/use-app-store.ts';

export type CustomerFormTarget = Extract<DraftTarget, 'counter' | 'fair'>;

/** What came of an "order again": lines added, and lines that did not fit in one request. */
export interface OrderAgainOutcome {
  added: number;
  left: number;
}

/** The catalog's facts of each item number (upper case), where the local catalog knows it. */
async function catalogFacts(
  lines: readonly PortalDocumentLine[],
  lookUp: (itemNo: string) => BridgeAnswer<'catalog:item'>,
): Promise<Map<string, CatalogItemDetail>> {
  const found = new Map<string, CatalogItemDetail>();
  const numbers = new Set(lines.map((line) => line.itemNo.trim().toUpperCase()).filter(Boolean));
  for (const itemNo of numbers) {
    const result = await lookUp(itemNo);
    if (result.ok) found.set(itemNo, result.value);
  }
  return found;
}

export function OrderAgainDialog({
  target,
  documentType,
  documentNo,
  lines,
  renderQuantity,
  onClose,
}: {
  target: CustomerFormTarget;
  documentType: LineDocumentType;
  documentNo: string;
  lines: PortalDocumentLine[];
  renderQuantity(line: PortalDocumentLine): ReactNode;
  onClose(outcome: OrderAgainOutcome | null): void;
}) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const codes = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const customerNo = useAppStore((state) => state.portal.customer?.customerNo);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const lookUpCatalogItem = useAppStore((state) => state.lookUpCatalogItem);
  const catalogStats = useAppStore((state) => state.catalogStats);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(lines.map((_, index) => index)));
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const add = async () => {
    if (!customerNo || !chosen.size) return;
    setBusy(true);
    const picked = lines.filter((_, index) => chosen.has(index));
    const [facts, stats] = await Promise.all([catalogFacts(picked, lookUpCatalogItem), catalogStats()]);
    // The customer may have left while the catalog answered: their lines then stay out of the form.
    if (useAppStore.getState().portal.customer?.customerNo !== customerNo) return onClose(null);
    const syncedAt = stats.ok ? stats.value.syncedAt : undefined;
    const made = picked.map((line) =>
      lineFromDocumentLine(newLineKey(), line, facts.get(line.itemNo.trim().toUpperCase()), {
        codes,
        language,
        syncedAt,
      }),
    );
    let outcome: OrderAgainOutcome = { added: 0, left: 0 };
    updateDraft(target, (draft) => {
      const added = made.slice(0, Math.max(0, MAX_QUOTE_LINES - draft.lines.length));
      outcome = { added: added.length, left: made.length - added.length };
      return withPortalValues(
        { ...draft, lines: [...draft.lines, ...added] },
        customerNo,
        {},
        { lineKeys: added.map((line) => line.key) },
      );
    });
    onClose(outcome);
  };

  const type = t(`customer.docType.${documentType}`);
  return (
    <div
      className="customer-dialog order-again"
      role="dialog"
      aria-modal="true"
      aria-labelledby="order-again-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onClose(null);
      }}
    >
      <h3 id="order-again-title">{t('customer.orderAgainTitle', { type, no: documentNo })}</h3>
      <p>{t('customer.orderAgainHint')}</p>
      <ul className="order-again__lines">
        {lines.map((line, index) => (
          <li key={`${line.lineNo ?? index}`}>
            <label>
              <input
                ref={index === 0 ? first : undefined}
                type="checkbox"
                checked={chosen.has(index)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(index);
                  else next.delete(index);
                  setChosen(next);
                }}
              />{' '}
              <strong>{line.itemNo}</strong> {line.description}
              {line.format ? ` · ${line.steel?.formatDescription || line.format}` : ''}
            </label>
            <span className="order-again__quantity">{renderQuantity(line)}</span>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !chosen.size}
          onClick={() => void add()}
        >
          {t('customer.orderAgainAdd', { count: chosen.size })}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onClose(null)}>
          {t('customer.cancel')}
        </button>
      </div>
    </div>
  );
}
