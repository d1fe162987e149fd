import type { ServerResponse } from 'node:http';
import { compareKeys, keyOf, type CatalogRow, type CatalogTable, type RowView } from './catalog-generator.ts';
import { odataJsonHeaders } from './odata-errors.ts';
import { formatSkipToken, type CatalogQuery } from './odata-query.ts';

export interface CatalogPageRequest {
  table: CatalogTable;
  query: CatalogQuery;
  view: RowView;
  pageSize: number;
  /** `{baseUrl}/ODataV4/Company('<name>')`, the company segment already escaped. */
  companyRoot: string;
  /** `{baseUrl}/ODataV4/$metadata#Company('<name>')`. */
  contextRoot: string;
  /** Cut the connection after this many rows (the dropMidBody fault). */
  dropAfterRows?: number;
  /**
   * Write the row at this place in the page with a value that is not JSON, `NaN` (the malformedRecord
   * fault): the list around it stays well formed.
   */
  malformedRow?: number;
}

/**
 * First position after the row with these key values (where the next page starts), or with `atOrAfter`
 * the first position at or after it (where that row is, if it exists).
 */
function positionAfter(
  table: CatalogTable,
  view: RowView,
  keyValues: readonly string[],
  atOrAfter = false,
): number {
  let low = 0;
  let high = table.count;
  const limit = atOrAfter ? 0 : 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(keyOf(table.definition, table.rowAt(middle, view)), keyValues) < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The row with these key values, or undefined; rows are kept in key order. */
export function findRow(
  table: CatalogTable,
  view: RowView,
  keyValues: readonly string[],
): CatalogRow | undefined {
  const position = positionAfter(table, view, keyValues, true);
  if (position >= table.count) return undefined;
  const row = table.rowAt(position, view);
  return compareKeys(keyOf(table.definition, row), keyValues) === 0 ? row : undefined;
}

/**
 * The variants table with the stock changed since the seed (EmulatorState.stock) in place of the seeded
 * figure; without the steel extension the field stays 0, as the host sends it.
 */
export function withStockChanges(
  table: CatalogTable,
  stock: ReadonlyMap<string, number>,
  keyOfStock: (itemNo: string, code: string) => string,
): CatalogTable {
  if (table.definition.name !== 'voaVariants' || stock.size === 0) return table;
  return {
    ...table,
    rowAt: (index, view) => {
      const row = table.rowAt(index, view);
      const changed = stock.get(keyOfStock(String(row.ItemNo), String(row.Code)));
      return changed !== undefined && view.steel ? { ...row, DXRemainingInventory: changed } : row;
    },
  };
}

/**
 * The host's row version, shown as a weak ETag on every row. Its form (base64 of a quoted, semicolon
 * separated record) follows what the host sends; clients must treat it as opaque.
 */
function etagOf(position: number): string {
  return `W/"${Buffer.from(`'36;${String(position + 1).padStart(12, '0')}0;'`).toString('base64')}"`;
}

function rowJson(row: CatalogRow, request: CatalogPageRequest, position: number): string {
  let json = `{"@odata.etag":${JSON.stringify(etagOf(position))}`;
  for (const property of request.query.properties) {
    json += `,${JSON.stringify(property.name)}:${JSON.stringify(row[property.name])}`;
  }
  return `${json}}`;
}

function write(response: ServerResponse, chunk: string): Promise<void> {
  if (response.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = (): void => {
      response.off('drain', settle);
      response.off('close', settle);
      resolve();
    };
    response.on('drain', settle);
    response.on('close', settle);
  });
}

const rowsPerChunk = 500;

/**
 * Streams one page of an OData list. Rows are generated as they are written, so memory stays flat
 * however large the page; `@odata.nextLink` follows the value array, as the streaming JSON format allows.
 * A full page always carries a next link while rows remain, even if none of them passes the filter:
 * the last page may then be empty, which clients must accept.
 */
export async function streamCatalogPage(
  response: ServerResponse,
  request: CatalogPageRequest,
): Promise<void> {
  const { table, query, view, pageSize } = request;
  const selectSuffix =
    query.selectText === undefined ? '' : `(${query.properties.map((property) => property.name).join(',')})`;
  const context = `${request.contextRoot}/${table.definition.name}${selectSuffix}`;

  response.writeHead(200, { ...odataJsonHeaders });
  let chunk = `{"@odata.context":${JSON.stringify(context)},"value":[`;
  let position = query.skipToken ? positionAfter(table, view, query.skipToken) : 0;
  // A filter that fixes the key reads the one row it can match, not the table.
  let end = table.count;
  if (query.keyValues) {
    const at = positionAfter(table, view, query.keyValues, true);
    position = Math.max(position, at);
    end = Math.min(table.count, at + 1);
  }
  let served = 0;
  let lastRow: CatalogRow | undefined;
  let rowsInChunk = 0;
  while (position < end && served < pageSize) {
    const row = table.rowAt(position, view);
    position++;
    if (query.filter && !query.filter(row)) continue;
    let json = rowJson(row, request, position - 1);
    if (served === request.malformedRow) json = `${json.slice(0, -1)},"DXRemainingInventory":NaN}`;
    chunk += (served === 0 ? '' : ',') + json;
    served++;
    lastRow = row;
    rowsInChunk++;
    if (request.dropAfterRows !== undefined && served >= request.dropAfterRows) {
      await write(response, chunk);
      response.socket?.destroy();
      return;
    }
    if (rowsInChunk >= rowsPerChunk) {
      await write(response, chunk);
      if (response.destroyed) return;
      chunk = '';
      rowsInChunk = 0;
    }
  }
  if (request.dropAfterRows !== undefined) {
    // The page had fewer rows than the cut point: cut it before the closing bracket all the same.
    await write(response, chunk);
    response.socket?.destroy();
    return;
  }
  chunk += ']';
  if (served === pageSize && position < end && lastRow) {
    const parameters: string[] = [];
    if (query.selectText !== undefined) parameters.push(`$select=${encodeURIComponent(query.selectText)}`);
    if (query.filterText !== undefined) parameters.push(`$filter=${encodeURIComponent(query.filterText)}`);
    parameters.push(`$skiptoken=${encodeURIComponent(formatSkipToken(keyOf(table.definition, lastRow)))}`);
    const nextLink = `${request.companyRoot}/${table.definition.name}?${parameters.join('&')}`;
    chunk += `,"@odata.nextLink":${JSON.stringify(nextLink)}`;
  }
  chunk += '}';
  response.end(chunk);
}
