// Bad inputs for the customer desk's portal calls: the renderer is untrusted, so each is refused with its reason.
const long = (length: number) => 'x'.repeat(length);

export const portalBadInputs = {
  'portal:session': [{ token: 'x' }],
  'portal:requestCode': [
    {},
    { email: '' },
    { email: 'no address' },
    { email: `${long(80)}@x.nl` },
    { email: 7 },
  ],
  'portal:signIn': [
    {},
    { email: 'koper@devries.example' },
    { email: 'koper@devries.example', code: '' },
    { email: 'koper@devries.example', code: long(41) },
    { email: 'nope', code: 'ABCDE-12345' },
  ],
  'portal:signOut': [{}, { reason: 'quit' }, { reason: 'idle' }, { reason: 'later' }],
  'portal:activity': [{ at: 1 }],
  'portal:addresses': [{ customerNo: '10000' }],
  'portal:requests': [{ customerNo: '10000' }],
  'portal:quotes': [{ token: 'x' }],
  'portal:orders': [{ limit: 5 }],
  'portal:shipments': [{ limit: 5 }],
  'portal:lines': [
    {},
    { documentType: 'invoice', documentNo: 'SO1' },
    { documentType: 'quote', documentNo: '' },
    { documentType: 'order', documentNo: long(21) },
  ],
  'portal:documents': [{ source: 'archive' }],
  'portal:document': [
    {},
    { documentType: 'archive', documentNo: 'SI1' },
    { documentType: 'invoice', documentNo: long(21) },
  ],
  'portal:acceptQuote': [{}, { quoteNo: '' }, { quoteNo: long(21) }, { quoteNo: 5 }],
  'portal:links': [{ limit: 5 }],
  'portal:link': [{}, { requestId: '' }, { requestId: long(65) }],
} satisfies Record<string, unknown[]>;
