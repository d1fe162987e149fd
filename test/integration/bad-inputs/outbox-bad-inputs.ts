// Bad inputs for the outbox, drafts and submission calls (issue 4).
export const outboxBadInputs = {} satisfies Record<string, unknown[]>;
