// Bad inputs for the catalog and outbox exports.
export const exportBadInputs = {
  'export:catalog': [
    {},
    { format: 'xls', filters: {} },
    { format: 'csv' },
    { format: 'csv', filters: { query: 42 } },
    { format: 'csv', filters: { offset: 10 } },
    { format: 'csv', filters: { limit: 10 } },
    { format: 'csv', filters: {}, file: '/etc/passwd' },
  ],
  'export:outbox': [
    { format: 'csv', selection: {} },
    { format: 'csv', selection: { day: '27-11-2026' } },
    { format: 'csv', selection: { source: '' } },
    { format: 'csv', selection: { source: 'x'.repeat(51) } },
    { format: 'pdf', selection: { day: '2026-11-27' } },
    { format: 'csv', selection: { day: '2026-11-27' }, file: 'out.csv' },
  ],
};
