/** Pre-rendered GET /llms.txt: the llmstxt.org overview of the site and API. */
import { catalog } from '../catalog/data.ts';
import { buildLlmsTxt } from '../feeds/llms-txt.ts';
import { endpoints } from '../docs/endpoints.ts';

export const GET = () => new Response(buildLlmsTxt(catalog, endpoints), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
