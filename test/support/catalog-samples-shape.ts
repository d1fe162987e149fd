export interface CatalogSamples {
  single: { no: string; code: string };
  several: { no: string; description: string };
  blocked: string;
}
