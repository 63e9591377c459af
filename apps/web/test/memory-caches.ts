/**
 * Cache Storage as the browser has it, reduced to what the app uses (jsdom has none): named
 * caches of responses by URL.
 */
export function memoryCaches(): CacheStorage {
  const stores = new Map<string, Map<string, Response>>();
  const url = (req: RequestInfo | URL) =>
    new URL(req instanceof Request ? req.url : String(req), globalThis.location.href).href;
  const cache = (store: Map<string, Response>) =>
    ({
      put: async (req: RequestInfo | URL, res: Response) => {
        // As the browser does: the body is read whole before the entry exists.
        const body = await res.arrayBuffer();
        store.set(url(req), new Response(body, res));
      },
      match: async (req: RequestInfo | URL) => store.get(url(req))?.clone(),
      keys: async () => [...store.keys()].map((u) => new Request(u)),
    }) as unknown as Cache;
  return {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cache(stores.get(name)!);
    },
    keys: async () => [...stores.keys()],
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    match: async () => undefined,
  };
}
