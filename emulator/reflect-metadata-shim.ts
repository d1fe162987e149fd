/**
 * @peculiar/x509 depends on tsyringe, which refuses to load without the Reflect metadata API that the
 * `reflect-metadata` package would install. That package is not a dependency here, and tsyringe only
 * stores and reads metadata on classes, so this is the whole of what it needs. Import this module
 * before `@peculiar/x509`.
 */
type MetadataTarget = object;

const metadataByTarget = new WeakMap<MetadataTarget, Map<unknown, unknown>>();

interface ReflectMetadataApi {
  getMetadata?: (key: unknown, target: MetadataTarget) => unknown;
  getOwnMetadata?: (key: unknown, target: MetadataTarget) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: MetadataTarget) => void;
}

const reflect = Reflect as typeof Reflect & ReflectMetadataApi;

if (typeof reflect.getMetadata !== 'function') {
  reflect.getOwnMetadata = (key, target) => metadataByTarget.get(target)?.get(key);
  reflect.getMetadata = (key, target) => {
    for (let current: MetadataTarget | null = target; current; current = Object.getPrototypeOf(current)) {
      const value = metadataByTarget.get(current)?.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  reflect.defineMetadata = (key, value, target) => {
    const entries = metadataByTarget.get(target) ?? new Map<unknown, unknown>();
    entries.set(key, value);
    metadataByTarget.set(target, entries);
  };
}
