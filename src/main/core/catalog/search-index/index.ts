// The catalog's own search index: how a size's texts become terms (search-text.ts), each term's sizes
// as runs of ids (size-terms.ts), and the index a sync gathers as it writes (catalog-terms.ts). The sync
// writes it and the search reads it; both take it from here.
export {
  CatalogTerms,
  gatherSizeTerms,
  type ItemTerms,
  type ItemWords,
  type SizeWords,
} from './catalog-terms.ts';
export {
  BEGINNING_LENGTH,
  dimensionToken,
  indexTerm,
  matchExpression,
  matchParts,
  matchText,
  normalizeSearchText,
  parseSearchQuery,
  searchTokens,
  type IndexVocabulary,
  type MatchPart,
  type MatchToken,
  type ParsedQuery,
} from './search-text.ts';
export {
  SizeSet,
  SizeTermsWriter,
  compareText,
  forEachRun,
  matchingSizes,
  type SizeTermSource,
} from './size-terms.ts';
