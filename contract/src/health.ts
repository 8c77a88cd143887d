import { z } from 'zod';
import { defineRoute } from './route';

const realtimeStatus = z
  .enum(['ok', 'degraded', 'single-process'])
  .meta({ description: "'ok': rooms shared through Redis; 'degraded': Redis is away, realtime reaches this process only; 'single-process': no Redis configured." });

export const healthReply = z.object({
  success: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), ok: z.literal(true) }),
  components: z.object({ database: z.literal('ok'), realtime: realtimeStatus }),
});
export type HealthReply = z.infer<typeof healthReply>;

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: "Each component's state: 200 while the database answers (realtime may be degraded), 503 when it does not.",
    tag: 'Operations',
    auth: 'none',
    reply: healthReply,
  }),
};
