/**
 * A schema built the first time it is used, not when its module loads. The browser evaluates every API schema the
 * app names as it starts (the contracts name them all), and building a zod schema is a good part of a phone's start:
 * each object, field and check is constructed then (bench/history 0020). Wrapped, a module's schemas cost nothing
 * until one is read; the feed's start builds only the few its answers are parsed with.
 *
 * What `lazySchema(build)` returns stands for `build()`'s schema in every use: reading any of its properties (parse,
 * safeParse, `_zod` for zod's own functions, the object's `shape`…) builds the schema once and reads it there, so it
 * validates exactly as the schema does, inside other schemas as on its own. Only its identity differs: it is not
 * `===` the schema it builds.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    ownKeys: () => Reflect.ownKeys(schema()),
    // reported configurable: the stand-in itself holds none of them (a proxy may not report a non-configurable
    // property that its target lacks)
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
  });
}
