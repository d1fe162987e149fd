// The category tree, derived from codes as the contract says (docs/contract.md): voaCategories has no parent field,
// and a code with a hyphenated suffix sits under the code before the hyphen ("BEAM-HEA" under "BEAM").
import { CATEGORY_HIERARCHY_SEPARATOR } from '../../../../shared/contract/catalog-pages.ts';

export interface PlacedCategory {
  code: string;
  description: string;
  /** Nearest existing ancestor by code, or '' for a root. */
  parentCode: string;
  /** Depth-first position; a category and everything under it are positions `position` to `subtreeEnd`. */
  position: number;
  subtreeEnd: number;
}

/** Parent by code: the part before the last separator, skipping ancestors that do not exist. */
export function parentCodeOf(code: string, existing: ReadonlySet<string>): string {
  let candidate = code;
  for (;;) {
    const cut = candidate.lastIndexOf(CATEGORY_HIERARCHY_SEPARATOR);
    if (cut <= 0) return '';
    candidate = candidate.slice(0, cut);
    if (existing.has(candidate)) return candidate;
  }
}

/** Places every category depth-first, children in code order; duplicate codes keep the first row. */
export function placeCategories(rows: readonly { code: string; description: string }[]): PlacedCategory[] {
  const byCode = new Map<string, { code: string; description: string }>();
  for (const row of rows) if (row.code && !byCode.has(row.code)) byCode.set(row.code, row);
  const codes = new Set(byCode.keys());
  const children = new Map<string, string[]>();
  for (const code of codes) {
    const parent = parentCodeOf(code, codes);
    const list = children.get(parent) ?? [];
    list.push(code);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const placed: PlacedCategory[] = [];
  const visit = (code: string, parentCode: string): number => {
    const position = placed.length;
    const entry: PlacedCategory = {
      code,
      description: byCode.get(code)?.description ?? '',
      parentCode,
      position,
      subtreeEnd: position,
    };
    placed.push(entry);
    for (const child of children.get(code) ?? []) entry.subtreeEnd = visit(child, code);
    return entry.subtreeEnd;
  };
  for (const root of children.get('') ?? []) visit(root, '');
  return placed;
}
