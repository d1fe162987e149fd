// Bad inputs for the catalog and sync calls: the renderer is untrusted, so each is refused with its reason.
const long = (length: number) => 'x'.repeat(length);

export const catalogBadInputs = {
  'catalog:search': [
    { query: 42 },
    { query: long(201) },
    { query: 'hea', limit: 0 },
    { query: 'hea', limit: 501 },
    { query: 'hea', limit: 2.5 },
    { query: 'hea', offset: -1 },
    { query: 'hea', offset: '10' },
    { query: 'hea', categoryCode: long(51) },
    { query: 'hea', profileCode: 7 },
    { query: 'hea', gradeCode: null },
    { query: 'hea', inStock: 'yes' },
    { query: 'hea', blocked: 'hide' },
    { query: 'hea', price: 10 },
  ],
  'catalog:item': [{}, { itemNo: '' }, { itemNo: '   ' }, { itemNo: long(21) }, { itemNo: 100002 }],
  'catalog:facets': [{ depth: 2 }],
  'catalog:stats': [{ verbose: true }],
  'sync:start': [{ trigger: 'schedule' }, { force: 'yes' }],
  'sync:cancel': [{ runId: 1 }],
  'sync:status': [{ runId: 1 }],
  'sync:runs': [{ limit: 0 }, { limit: 501 }, { limit: 'all' }, { limit: 5, outcome: 'failed' }],
  'sync:changes': [{ runId: 0 }, { runId: 'last' }, { runId: 1.5 }, { limit: 5001 }, { limit: -1 }],
} satisfies Record<string, unknown[]>;
