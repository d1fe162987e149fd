// Bridge calls and events of the outbox, drafts and request submission (issue 4).
export const outboxCalls = {};
export const outboxEvents = {};
