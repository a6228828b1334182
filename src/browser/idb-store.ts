/**
 * One IndexedDB object store behind a single `run(mode, fn)` call: opens the database (creating the
 * store on first use), runs one request in one transaction, and closes again, so callers never hold
 * a connection open across awaits (which would block a later version upgrade in another tab).
 */
export type StoreRunner = <T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
) => Promise<T>;

export function idbStore(db: string, store: string, keyPath: string): StoreRunner {
  const open = (): Promise<IDBDatabase> =>
    new Promise((resolve, reject) => {
      const req = indexedDB.open(db, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(store, { keyPath });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    });
  return <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>) =>
    open().then(
      (conn) =>
        new Promise<T>((resolve, reject) => {
          const tx = conn.transaction(store, mode);
          const req = fn(tx.objectStore(store));
          tx.oncomplete = () => {
            conn.close();
            resolve(req.result);
          };
          tx.onerror = tx.onabort = () => {
            conn.close();
            reject(tx.error ?? new Error('IndexedDB transaction failed'));
          };
        }),
    );
}
