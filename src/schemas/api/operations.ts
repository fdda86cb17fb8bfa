/** Self-description of the operators' endpoint: GET /metrics, in the Prometheus text format. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint-doc.ts';

export const metricsEndpoint = defineEndpoint({
  operationId: 'metrics',
  method: 'GET',
  path: '/metrics',
  tag: 'Operations',
  summary:
    "This instance's metrics for Prometheus: requests by route and status, latency histograms, earns, rate-limit refusals, response-cache hits and misses, database pool use, process CPU and memory.",
  description:
    'For operators, not agents: answered to clients on the loopback address, and to others that send Authorization: Bearer <METRICS_TOKEN> when the server has METRICS_TOKEN set; everyone else gets 403. Each instance counts its own requests: scrape every instance.',
  auth: 'operator',
  status: 200,
  response: z.string().meta({ description: 'The Prometheus text exposition format, version 0.0.4.' }),
  contentType: 'text/plain',
  errors: ['forbidden'],
});
