// State of the counter, trade-fair and outbox screens (issue 4).
import type { SliceCreator } from '../../app/app-store.ts';

export type RequestsSlice = Record<never, never>;

export const createRequestsSlice: SliceCreator<RequestsSlice> = () => ({});
