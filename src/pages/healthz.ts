/** GET /healthz: 200 when the server can read its content and database, else 503. */
import { health } from '../api/discovery.ts';
import { route } from '../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(health);
