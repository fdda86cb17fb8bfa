/**
 * Every operation of the API, on demand: the registry (src/api/registry.ts) finds the one for the
 * path and method and runs it. Pre-rendered files are served before any request gets here; the
 * agent doors (/mcp, /a2a, the MCP server card) have routes of their own.
 */
import { route } from '../api/registry.ts';

export const prerender = false;

export const ALL = route;
