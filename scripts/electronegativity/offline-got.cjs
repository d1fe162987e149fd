// Stands in for `got` inside Electronegativity: the scan runs offline and the same everywhere. Without it
// the tool fetches translations and Electron's release list, and crashes on got's retry timer without a
// network. Every request fails at once; the tool falls back to its bundled English texts.
/* global module */
'use strict';
function offline() {
  return Promise.reject(new Error('electronegativity runs offline in VOA Desk'));
}
offline.head = offline;
offline.get = offline;
module.exports = offline;
module.exports.default = offline;
