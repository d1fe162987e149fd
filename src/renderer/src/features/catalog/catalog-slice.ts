// State of the catalog screen and its sync (issue 5).
import type { SliceCreator } from '../../app/app-store.ts';

export type CatalogSlice = Record<never, never>;

export const createCatalogSlice: SliceCreator<CatalogSlice> = () => ({});
