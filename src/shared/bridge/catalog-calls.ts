// Bridge calls and events of the local catalog and its sync (issue 5).
export const catalogCalls = {};
export const catalogEvents = {};
