// The languages of zod's messages that VOA Desk uses (z.locales), in place of zod's list of all of them when
// it runs from the sources: see source-start.mjs. The renderer's bundle has its own (shared/validation.ts).
export { default as en } from 'zod/v4/locales/en.js';
export { default as nl } from 'zod/v4/locales/nl.js';
