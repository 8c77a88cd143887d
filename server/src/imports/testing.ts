import assert from 'node:assert/strict';
import type { ImportJob } from '@movieclub/contract';
import type { ApiAgent } from '../testing/client';

/** A multipart body holding one file, as a browser's file input sends it. */
export function fileForm(bytes: Uint8Array | string, fileName: string, type = 'text/csv'): FormData {
  const body = new FormData();
  body.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), fileName);
  return body;
}

/** Polls an import until it stops running (reading or applying), as the page does. */
export async function settled(agent: ApiAgent, id: number, timeoutMs = 60_000): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await agent.get(`/api/imports/${id}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const job = response.body.import as ImportJob;
    if (job.status !== 'parsing' && job.status !== 'importing') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads a file and waits until it has been read and matched. */
export async function uploadAndRead(agent: ApiAgent, bytes: Uint8Array | string, fileName: string): Promise<ImportJob> {
  const response = await agent.post('/api/imports', fileForm(bytes, fileName));
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return settled(agent, response.body.import.id);
}

/** Confirms a ready import and waits until it has been applied. */
export async function confirmAndApply(agent: ApiAgent, id: number): Promise<ImportJob> {
  const response = await agent.post(`/api/imports/${id}/confirm`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const job = await settled(agent, id);
  assert.equal(job.status, 'done', JSON.stringify(job));
  return job;
}
