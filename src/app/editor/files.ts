/**
 * The catalog's files as the editor, the file list and the command palette read them. Loaded with
 * those lazy chunks, not at start-up (the initial JS has a budget).
 *
 * One of the client modules (src/worker/client.ts): components never call the worker directly. To
 * read something new about files, add the request to src/protocol/catalog-protocol.ts, implement it
 * in the worker, and add its hook or function here.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogClient } from '../../worker/client';
import { useGeneration } from '../state/store';

/** Every file of the open catalog, in walk order. */
export const listFiles = () => catalogClient().listFiles();

/** A file's current text, as the editor opens it (null: no longer in the catalog). */
export const fetchFile = (path: string) => catalogClient().getFile(path);

/** The catalog's files, cached per generation like every view (state/queries.ts). */
export function useFiles() {
  const gen = useGeneration();
  return useQuery({
    queryKey: ['files', gen],
    queryFn: () => listFiles(),
    enabled: gen !== undefined,
    placeholderData: keepPreviousData,
  });
}
