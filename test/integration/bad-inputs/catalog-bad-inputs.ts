// Bad inputs for the catalog and sync calls (issue 5).
export const catalogBadInputs = {} satisfies Record<string, unknown[]>;
