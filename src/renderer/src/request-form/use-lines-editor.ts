// The line logic of a request form (the lines editor's hook): the catalog check of an item number, the
// scan rule in the entry row, a size picked from the catalog, the same size twice, the unit chosen by
// hand and the cut it follows, reordering and removing, and where the cursor goes after each. The view
// (line-row.tsx) shows the lines and calls these; the rules themselves are plain functions
// (line-rules.ts). The scan rule (docs/input.md "Scanning"): Enter in the entry row's item field adds
// the line at once and puts the cursor on its quantity in the same event, so no key typed after it is
// lost; the catalog's answer fills the line when it comes.
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import type { PickedCatalogLine } from '../../../shared/contract/picked-line.ts';
import {
  currentCatalog,
  emptyLine,
  lineFromPicked,
  lineHasContent,
  lineWithCatalogItem,
  lineWithoutCatalogItem,
  withCutUnit,
  type DraftLine,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import { DEFAULT_UNIT_CODES, unitCode, type LineUnit } from '../../../shared/contract/request-lines.ts';
import { MAX_QUOTE_LINES } from '../../../shared/contract/request-schemas.ts';
import { scanCodeParts } from '../../../shared/contract/scan-code.ts';
import { useAppStore } from '../store/use-app-store.ts';
import type { BridgeAnswer } from '../bridge/voa.ts';
import { useAfterCommit } from '../components/use-after-commit.ts';
import { useT } from '../i18n/i18n.ts';
import {
  sameSizeQuestion,
  withSameSizeAdded,
  withSawingRemark,
  type LineField,
  type LinesAndEntry,
  type SameSizeQuestion,
} from './line-rules.ts';
import { draftWithEntry, newLineKey } from './draft-entry.ts';
import { lookUpScan, replayHeldKeys, type HeldKey } from './scan-input.ts';

/** How many lookups a check makes at most while syncs keep replacing the catalog under it. */
const LOOKUP_ATTEMPTS = 3;

/**
 * A line's item looked up, with when the catalog that answered was synced. A known item carries that time.
 * An item not found is judged by a lookup between two equal readings of the time, so a sync that swapped
 * the catalog meanwhile never pairs the old catalog's "not found" with the new catalog's time. A known
 * item, a scanner's usual answer, costs one call.
 */
async function lookUpInOneCatalog(
  typed: string,
  catalog: {
    lookUp(itemNo: string): BridgeAnswer<'catalog:item'>;
    stats(): BridgeAnswer<'catalog:stats'>;
  },
) {
  let timeBefore: string | undefined | null = null;
  for (let attempt = 1; ; attempt++) {
    const found = await lookUpScan(typed, catalog.lookUp);
    if (found.detail) return { ...found, syncedAt: found.detail.syncedAt };
    const stats = await catalog.stats();
    const syncedAt = stats.ok ? stats.value.syncedAt : undefined;
    if (!stats.ok || syncedAt === timeBefore || attempt === LOOKUP_ATTEMPTS) return { ...found, syncedAt };
    timeBefore = syncedAt;
  }
}

export interface LinesEditorInput {
  lines: DraftLine[];
  entry: DraftLine;
  entryRef?: RefObject<HTMLInputElement | null> | undefined;
  /** Holds the catalog search: the cursor goes back there after a picked line is done. */
  picker: RefObject<HTMLDivElement | null>;
  /** The same-size question, whose first button gets the cursor when it is asked. */
  questionRef: RefObject<HTMLDivElement | null>;
  /** Changes are functions of the current lines and entry: keys typed faster than a render never race. */
  onChange(change: (current: LinesAndEntry) => LinesAndEntry): void;
}

export function useLinesEditor({ lines, entry, entryRef, picker, questionRef, onChange }: LinesEditorInput) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const codes = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const itemUnits = useAppStore((state) => state.workstation.itemUnits);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  /** Lengths mean something only where the host has the steel extension (a size without one is cut to length). */
  const steel = useAppStore((state) => state.syncStatus?.lastSuccess?.steel === true);
  /** When the local catalog was synced; undefined when it never was (lines then go as typed). */
  const [catalogSyncedAt, setCatalogSyncedAt] = useState<string | undefined | null>(null);
  /** The sizes of items looked up, offered in the size field of their lines. */
  const [sizesOf, setSizesOf] = useState<Record<string, CatalogSizeRow[]>>({});
  const [limitMessage, setLimitMessage] = useState<string | undefined>();
  /** Where the cursor goes when a scanned line's quantity is done: the field the next scan comes in. */
  const scanOrigin = useRef<'entry' | 'picker'>('entry');
  /** Lines added by a scan or a pick whose quantity is not done yet: checked for the same size then. */
  const freshKeys = useRef(new Set<string>());
  const [sameSize, setSameSize] = useState<SameSizeQuestion | undefined>();
  /** Characters typed while the same-size question is open: the next scan's, replayed after the answer. */
  const heldDuringQuestion = useRef<HeldKey[]>([]);
  const afterCommit = useAfterCommit();

  const initCatalog = useAppStore((state) => state.initCatalog);
  const lookUpCatalogItem = useAppStore((state) => state.lookUpCatalogItem);
  const catalogStats = useAppStore((state) => state.catalogStats);
  const watchCatalogChanges = useAppStore((state) => state.watchCatalogChanges);
  const trackItemCheck = useAppStore((state) => state.trackItemCheck);
  useEffect(() => {
    // The catalog's sync status tells the picker whether stock figures mean anything (steel extension).
    void initCatalog();
  }, [initCatalog]);

  useEffect(() => {
    let live = true;
    const read = async () => {
      const stats = await catalogStats();
      if (live && stats.ok) setCatalogSyncedAt(stats.value.syncedAt);
    };
    void read();
    const off = watchCatalogChanges(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [catalogStats, watchCatalogChanges]);

  const roomForLine = (count: number) => {
    if (count < MAX_QUOTE_LINES) return true;
    setLimitMessage(t('requestForm.line.tooMany', { max: MAX_QUOTE_LINES }));
    return false;
  };

  /** Applies a change to the line with this key, in the rows or in the entry row, wherever it is now. */
  const updateByKey = (key: string, change: (line: DraftLine) => DraftLine) =>
    onChange((current) => ({
      lines: current.lines.map((line) => (line.key === key ? change(line) : line)),
      entry: current.entry.key === key ? change(current.entry) : current.entry,
    }));

  /**
   * Looks a line's item up by the scan rule (on leaving the field, or Enter): a known item fills the line
   * (the size the scan named, or its only size), an unknown one is marked, a blocked one refused with the
   * reason. The answer is applied only if the line still carries the number that was looked up, and it
   * never touches what was typed meanwhile (the quantity above all).
   */
  const checkItem = (key: string, typed: string) => trackItemCheck(applyItemCheck(key, typed));
  const applyItemCheck = async (key: string, typed: string) => {
    const parts = scanCodeParts(typed);
    if (!parts) return;
    const { itemNo } = parts;
    const { verdict, detail, syncedAt } = await lookUpInOneCatalog(typed, {
      lookUp: lookUpCatalogItem,
      stats: catalogStats,
    });
    let apply: ((line: DraftLine) => DraftLine) | undefined;
    if (detail) {
      setSizesOf((known) => ({ ...known, [itemNo]: detail.sizes.filter((size) => size.variantCode) }));
      const named = verdict.kind === 'line' || verdict.kind === 'refused' ? verdict.row.variantCode : '';
      apply = (line) =>
        lineWithCatalogItem(named ? { ...line, variantCode: named } : line, detail, {
          codes,
          remembered: itemUnits[itemNo],
          steel,
        });
    } else {
      setCatalogSyncedAt(syncedAt);
      apply = (line) => lineWithoutCatalogItem(line, syncedAt);
    }
    const change = apply;
    updateByKey(key, (line) => (line.itemNo.trim().toUpperCase() === itemNo ? change(line) : line));
  };

  /** Per line, the catalog (by its sync time) it was last checked again against: once per catalog. */
  const checkedAgainst = useRef(new Map<string, string>());
  useEffect(() => {
    // A line judged against an earlier catalog (before a sync ended, or in an order parked yesterday) is
    // checked against this one: an item found missing may be in it now, and a known one blocked.
    if (catalogSyncedAt === null) return;
    const now = catalogSyncedAt ?? '';
    const judgedLines = new Set<string>();
    for (const line of [...lines, entry]) {
      const judged = currentCatalog(line);
      if (!judged) continue;
      judgedLines.add(line.key);
      if (judged.syncedAt === now || checkedAgainst.current.get(line.key) === now) continue;
      checkedAgainst.current.set(line.key, now);
      void checkItem(line.key, line.itemNo);
    }
    // A line gone (a new order, a park) or whose number is being changed is asked again when it is back
    // as it was: the answer to its last check may have been dropped meanwhile.
    for (const key of checkedAgainst.current.keys()) {
      if (!judgedLines.has(key)) checkedAgainst.current.delete(key);
    }
  });

  /** The unit chosen by hand: sets the line's code, and is remembered for the item on this workstation. */
  const chooseUnit = (key: string, line: DraftLine, unit: LineUnit) => {
    const catalog = currentCatalog(line);
    const code = unitCode(unit, codes, {
      baseUnit: catalog?.baseUnit ?? '',
      priceUnit: catalog?.priceUnit ?? '',
    });
    updateByKey(key, (current) => ({ ...current, unit, unitOfMeasureCode: code, unitChosen: true }));
    const itemNo = line.itemNo.trim();
    if (itemNo && catalog?.state === 'known') void setWorkstation({ itemUnit: { itemNo, unit } });
  };

  /** Puts the cursor on a line's quantity, its text selected: the next digits replace the 1 a scan starts with. */
  const focusQuantity = (index: number) => {
    const quantity = document.querySelector<HTMLInputElement>(
      `[name="${QUOTE_LINES_KEY}.${index}.quantity"]`,
    );
    quantity?.focus();
    quantity?.select();
  };
  const pickerInput = () => picker.current?.querySelector<HTMLInputElement>('input[role="combobox"]');

  /**
   * A size picked in the local catalog becomes a line at once. The row is rendered in this same event
   * (flushSync) so that the cursor is on its quantity before the next key is handled.
   */
  const addPicked = (picked: PickedCatalogLine) => {
    if (!roomForLine(lines.length)) return;
    const line = lineFromPicked(newLineKey(), picked, {
      codes,
      remembered: itemUnits[picked.itemNo.toUpperCase()],
      syncedAt: catalogSyncedAt ?? undefined,
    });
    let index = 0;
    flushSync(() =>
      onChange((current) => {
        index = current.lines.length;
        return { ...current, lines: [...current.lines, line] };
      }),
    );
    freshKeys.current.add(line.key);
    scanOrigin.current = 'picker';
    focusQuantity(index);
  };

  // The entry row's item field always exists: focus moves at once, before the next key arrives.
  const focusEntry = () => entryRef?.current?.focus();
  /** Back to where the next line comes from once a scanned line is done: the picker or the entry row. */
  const focusScanOrigin = () => {
    const input = scanOrigin.current === 'picker' ? pickerInput() : undefined;
    if (input) input.focus();
    else focusEntry();
  };
  const addEntry = () => {
    if (!lineHasContent(entry)) return focusEntry();
    if (!roomForLine(lines.length)) return;
    // The entry row's line keeps its key when added, so its catalog check finds it among the lines.
    const { key, itemNo } = entry;
    const checked = currentCatalog(entry) !== undefined;
    let index = -1;
    flushSync(() =>
      onChange((current) => {
        if (!lineHasContent(current.entry)) return current;
        const added = draftWithEntry(current);
        index = added.lines.length - 1;
        return { lines: added.lines, entry: added.entry };
      }),
    );
    scanOrigin.current = 'entry';
    if (index < 0 || !askIfSameSize(key)) focusEntry();
    if (!checked) void checkItem(key, itemNo);
  };

  /**
   * Enter in the entry row's item field: the scan rule. The line is added with the code typed and the
   * cursor is on its quantity within this key event; the catalog's answer fills (or refuses) it later.
   */
  const scanEntry = (text: string) => {
    const parts = scanCodeParts(text);
    if (!parts || entry.quantity.trim()) return addEntry();
    if (!roomForLine(lines.length)) return;
    const { key } = entry;
    let index = -1;
    flushSync(() =>
      onChange((current) => {
        if (current.entry.key !== key) return current;
        const scanned = {
          ...current.entry,
          itemNo: parts.itemNo,
          variantCode: parts.sizeCode || current.entry.variantCode,
        };
        const added = draftWithEntry({ ...current, entry: scanned });
        index = added.lines.length - 1;
        return { lines: added.lines, entry: added.entry };
      }),
    );
    if (index < 0) return;
    freshKeys.current.add(key);
    scanOrigin.current = 'entry';
    focusQuantity(index);
    void checkItem(key, text);
  };

  /**
   * Asks whether a line just done should be added to an earlier line of the same item and size. True when
   * the question is open (it has the cursor); false when there is nothing to ask.
   */
  const askIfSameSize = (key: string): boolean => {
    const question = sameSizeQuestion({ lines, entry }, key);
    if (!question) return false;
    heldDuringQuestion.current = [];
    flushSync(() => setSameSize(question));
    questionRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    return true;
  };

  /** The answer: add the new line's quantity to the earlier line (and drop the new one), or keep both. */
  const answerSameSize = (addToExisting: boolean) => {
    const question = sameSize;
    if (!question) return;
    if (addToExisting) onChange((current) => withSameSizeAdded(current, question, language));
    freshKeys.current.delete(question.key);
    flushSync(() => setSameSize(undefined));
    focusScanOrigin();
    replayHeldKeys(heldDuringQuestion.current, () => false, flushSync);
  };

  /** A typed value; a length that makes the line a cut counts it in pieces (unless a unit was chosen). */
  const typed = (line: DraftLine, field: LineField, value: string): DraftLine =>
    withCutUnit({ ...line, [field]: value }, codes, language);
  const setLine = (index: number, field: LineField, value: string) =>
    onChange((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? typed(line, field, value) : line)),
    }));
  const setEntry = (field: LineField, value: string) =>
    onChange((current) => ({ ...current, entry: typed(current.entry, field, value) }));
  /** Escape in the entry row: what was typed there goes, in one key. */
  const clearEntry = () => onChange((current) => ({ ...current, entry: emptyLine(current.entry.key) }));
  const move = (index: number, by: -1 | 1) =>
    onChange((current) => {
      const target = index + by;
      if (target < 0 || target >= current.lines.length) return current;
      const next = [...current.lines];
      [next[index], next[target]] = [next[target] as DraftLine, next[index] as DraftLine];
      return { ...current, lines: next };
    });
  const remove = (index: number) => {
    setLimitMessage(undefined);
    onChange((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));
  };

  /** A key in a line's field: Alt+↑/↓ moves the line, Enter ends it (the next scan, or the entry row). */
  const lineKey = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? -1 : 1);
      const name = event.currentTarget.name.replace(
        /\.\d+\./,
        `.${index + (event.key === 'ArrowUp' ? -1 : 1)}.`,
      );
      afterCommit(() => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus());
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const line = lines[index];
      if (line && /\.itemNo$/.test(event.currentTarget.name)) void checkItem(line.key, line.itemNo);
      if (line && freshKeys.current.has(line.key)) {
        // A scanned or picked line is done: the same size twice is asked about, then the next scan.
        freshKeys.current.delete(line.key);
        if (askIfSameSize(line.key)) return;
        focusScanOrigin();
        return;
      }
      focusEntry();
    }
  };

  /** "Zaaginstructie als regelopmerking": the sawing text into the line's remark, the cursor there. */
  const addSawingRemark = (key: string, sawing: string, remarkField: string) => {
    updateByKey(key, (line) => withSawingRemark(line, sawing));
    afterCommit(() => document.querySelector<HTMLInputElement>(`[name="${remarkField}"]`)?.focus());
  };

  /** A character typed while the same-size question is open: the next scan's, replayed after the answer. */
  const holdForNextScan = (key: HeldKey) => heldDuringQuestion.current.push(key);

  // Every row is handed the same actions object from render to render, so that a row whose line did not
  // change skips its render: a key typed in one line of a long order re-renders that line, not all of
  // them. Each action calls the latest render's function, which sees the lines as they are now.
  const current = {
    holdForNextScan,
    checkItem,
    chooseUnit,
    addPicked,
    addEntry,
    scanEntry,
    answerSameSize,
    setLine,
    setEntry,
    clearEntry,
    move,
    remove,
    lineKey,
    focusEntry,
    addSawingRemark,
  };
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  type Actions = typeof latest.current;
  const [actions] = useState(() => ({
    holdForNextScan: (...args: Parameters<Actions['holdForNextScan']>) =>
      latest.current.holdForNextScan(...args),
    checkItem: (...args: Parameters<Actions['checkItem']>) => latest.current.checkItem(...args),
    chooseUnit: (...args: Parameters<Actions['chooseUnit']>) => latest.current.chooseUnit(...args),
    addPicked: (...args: Parameters<Actions['addPicked']>) => latest.current.addPicked(...args),
    addEntry: () => latest.current.addEntry(),
    scanEntry: (...args: Parameters<Actions['scanEntry']>) => latest.current.scanEntry(...args),
    answerSameSize: (...args: Parameters<Actions['answerSameSize']>) =>
      latest.current.answerSameSize(...args),
    setLine: (...args: Parameters<Actions['setLine']>) => latest.current.setLine(...args),
    setEntry: (...args: Parameters<Actions['setEntry']>) => latest.current.setEntry(...args),
    clearEntry: () => latest.current.clearEntry(),
    move: (...args: Parameters<Actions['move']>) => latest.current.move(...args),
    remove: (...args: Parameters<Actions['remove']>) => latest.current.remove(...args),
    lineKey: (...args: Parameters<Actions['lineKey']>) => latest.current.lineKey(...args),
    focusEntry: () => latest.current.focusEntry(),
    addSawingRemark: (...args: Parameters<Actions['addSawingRemark']>) =>
      latest.current.addSawingRemark(...args),
  }));
  /** What every row is handed: changes only with the language or the unit codes. */
  const rows = useMemo(() => ({ language, codes, ...actions }), [language, codes, actions]);

  return { rows, catalogSyncedAt, sizesOf, limitMessage, sameSize };
}

/**
 * What the lines editor's rows work with: the language, the unit codes and every change a row can make,
 * the same object as long as the language and codes stay (a row's memo compares it by reference).
 */
export type LinesEditorState = ReturnType<typeof useLinesEditor>['rows'];
