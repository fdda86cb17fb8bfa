/**
 * Runs for on-demand routes only (pre-rendered ones ran it at build time). It names the route
 * that matched, for the server's metrics (src/server/metrics.ts), and turns an unexpected error
 * into a 500 problem that carries the request id and nothing else, while the details go to the
 * server log under the same id.
 */
import { defineMiddleware } from 'astro:middleware';
import { problemResponse } from './http/respond.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.route = context.routePattern;
  try {
    return await next();
  } catch (error) {
    const requestId = context.locals.requestId ?? 'unknown';
    context.locals.services?.log.error({ requestId, path: context.url.pathname, err: error }, 'endpoint error');
    return problemResponse({ code: 'internal_error', detail: `Something went wrong on our side. Quote request id ${requestId} when you report it.` }, context.locals);
  }
});
