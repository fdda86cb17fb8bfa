/** GET /metrics: this instance's Prometheus metrics, for operators (src/api/operations.ts). */
import { metrics } from '../api/operations.ts';
import { route } from '../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(metrics);
