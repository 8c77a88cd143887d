import { IMPORT_EVENTS, type ImportCounts, type ImportJob, type ImportRowsReply, type ImportRowView } from '@movieclub/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { fetchImport } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { loadIo, openSocket } from '../../lib/socket';
import { isRunning, newerJob } from './importView';

/** Polling while the import runs: every second without the socket, now and then as a safety net with it. */
const POLL_MS = { withoutSocket: 1000, withSocket: 5000 };

/** Puts a newer state of an import wherever it is cached: its own entry and the recent imports. */
export function storeJob(queryClient: QueryClient, job: ImportJob) {
  queryClient.setQueryData<ImportJob>(queryKeys.importJob(job.id), (previous) => newerJob(previous, job));
  queryClient.setQueryData<ImportJob[]>(queryKeys.recentImports, (list) => list?.map((each) => (each.id === job.id ? newerJob(each, job) : each)));
}

/** After a row's choice: the row in every cached page of rows, and the import's counts. */
export function storeRow(queryClient: QueryClient, importId: number, row: ImportRowView, counts: ImportCounts) {
  queryClient.setQueriesData<ImportRowsReply>({ queryKey: ['imports', 'rows', importId] }, (page) =>
    page ? { ...page, rows: page.rows.map((each) => (each.id === row.id ? row : each)) } : page,
  );
  queryClient.setQueryData<ImportJob>(queryKeys.importJob(importId), (job) => (job ? { ...job, counts } : job));
}

const looksLikeJob = (payload: unknown): payload is ImportJob =>
  payload !== null && typeof payload === 'object' && 'id' in payload && typeof payload.id === 'number' && 'status' in payload;

/**
 * Listens for the member's import events ('import:progress', with the import as payload)
 * and stores each. Answers whether the socket is connected. After a reconnect the
 * imports are read again, for what happened while the connection was down.
 */
function useImportEvents(): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let socket: Socket | null = null;
    loadIo().then(
      (io) => {
        if (cancelled) return;
        try {
          socket = openSocket(io);
        } catch {
          return; // polling carries on alone
        }
        let connectedBefore = false;
        socket.on('connect', () => {
          setConnected(true);
          if (connectedBefore) void queryClient.invalidateQueries({ queryKey: queryKeys.imports });
          connectedBefore = true;
        });
        socket.on('disconnect', () => setConnected(false));
        socket.on('connect_error', () => setConnected(false));
        socket.on(IMPORT_EVENTS.progress, (payload: unknown) => {
          if (looksLikeJob(payload)) storeJob(queryClient, payload);
        });
      },
      () => undefined, // no socket.io: polling carries on alone
    );
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [queryClient]);
  return connected;
}

/**
 * One import, kept current while the server works on it: pushed by the socket, and read
 * again every second while it runs (less often while the socket is connected). A late
 * reply never puts an earlier step back on screen.
 */
export function useImportJob(id: number) {
  const connected = useImportEvents();
  return useQuery({
    queryKey: queryKeys.importJob(id),
    queryFn: ({ signal }) => fetchImport(id, signal).then((reply) => reply.import),
    structuralSharing: (previous, next) => newerJob(previous as ImportJob | undefined, next as ImportJob),
    refetchInterval: (query) => {
      const job = query.state.data;
      if (!job || !isRunning(job.status)) return false;
      return connected ? POLL_MS.withSocket : POLL_MS.withoutSocket;
    },
  });
}
